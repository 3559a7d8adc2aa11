/**
 * The passkeys of /profile/security (issue 41): the list (name, added, last used) with rename
 * and remove as plain forms posting to /resources/passkeys/manage (no JavaScript needed), and
 * "Add a passkey", which needs JavaScript and WebAuthn: without them the section says that the
 * authenticator app is the way.
 */
import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { useFormat } from "~/lib/hooks/use-format";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { PASSKEY_NAME_MAX } from "~/lib/schemas/mfa";
import { securityMessage } from "~/lib/security-messages";
import { passkeyErrorMessage, passkeysSupported, registerPasskey } from "~/components/auth/passkeys-browser";

export type PasskeyItem = { id: string; name: string; createdAt: Date | string; lastUsedAt: Date | string | null };

const MANAGE = "/resources/passkeys/manage";
const linkClass = "cursor-pointer text-sm font-medium text-primary-700 underline dark:text-primary-100";

/**
 * The section's content (the page gives it its heading): what a passkey is, the list, and "Add
 * a passkey". The forms come back to the page the person is on (its query kept).
 */
export function PasskeysSection({ passkeys }: { passkeys: PasskeyItem[] }) {
  const { t } = useTranslation("account");
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <div data-testid="passkeys">
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t("securityPage.passkeys.intro")}
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-sm">{t("securityPage.passkeys.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} back={back} />
          ))}
        </ul>
      )}
      <AddPasskey />
    </div>
  );
}

function PasskeyRow({ passkey, back }: { passkey: PasskeyItem; back: string }) {
  const { t } = useTranslation("account");
  const { cardDate } = useFormat();
  const id = useId();
  return (
    <li className="p-4" data-testid="passkey-row">
      <p className="font-medium">{passkey.name}</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t("securityPage.passkeys.added", { date: cardDate(passkey.createdAt) })} ·{" "}
        {passkey.lastUsedAt ? t("securityPage.passkeys.lastUsed", { date: cardDate(passkey.lastUsedAt) }) : t("securityPage.passkeys.neverUsed")}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <details>
          <summary className={linkClass}>
            {t("securityPage.passkeys.rename")}
            <span className="sr-only"> {passkey.name}</span>
          </summary>
          <Form method="post" action={MANAGE} className="mt-2 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="redirectTo" value={back} />
            <input type="hidden" name="id" value={passkey.id} />
            <div>
              <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
                {t("securityPage.passkeys.newName")}
              </label>
              <input
                id={`${id}-name`}
                name="name"
                required
                maxLength={PASSKEY_NAME_MAX}
                defaultValue={passkey.name}
                className={`${inputClass} max-w-xs`}
              />
            </div>
            <Button type="submit" variant="secondary">
              {t("securityPage.passkeys.saveName")}
            </Button>
          </Form>
        </details>
        <details>
          <summary className={linkClass}>
            {t("securityPage.passkeys.remove")}
            <span className="sr-only"> {passkey.name}</span>
          </summary>
          <Form method="post" action={MANAGE} className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="redirectTo" value={back} />
            <input type="hidden" name="id" value={passkey.id} />
            <p className="text-sm">{t("securityPage.passkeys.removeText", { name: passkey.name })}</p>
            <Button type="submit" variant="destructive">
              {t("securityPage.passkeys.removeSubmit")}
            </Button>
          </Form>
        </details>
      </div>
    </li>
  );
}

/** "Add a passkey": a name, then the browser's own prompt; the list reloads after. */
function AddPasskey() {
  const { t } = useTranslation(["account", "auth"]);
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  if (!hydrated) {
    return (
      <p className="mt-4 text-sm" data-testid="passkeys-need-js">
        {t("securityPage.passkeys.needsJs")}
      </p>
    );
  }
  if (!passkeysSupported()) {
    return (
      <p className="mt-4 text-sm" data-testid="passkeys-need-js">
        {t("securityPage.passkeys.unsupported")}
      </p>
    );
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) {
      setError(t("auth:mfa.passkeyNameRequired"));
      return;
    }
    setBusy(true);
    setError(null);
    setAdded(null);
    try {
      await registerPasskey(name);
      form.reset();
      setAdded(name);
      revalidator.revalidate();
    } catch (failure) {
      // The server's and the browser's refusals come in English: shown in the page's language.
      setError(securityMessage(t, passkeyErrorMessage(failure, "register")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={add} className="mt-6 space-y-3" noValidate>
      <div>
        <label htmlFor={`${id}-new`} className="mb-1 block text-sm font-medium">
          {t("securityPage.passkeys.name")}
        </label>
        <input
          id={`${id}-new`}
          name="name"
          required
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          className={`${inputClass} max-w-xs`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {t("securityPage.passkeys.nameHint")}
        </p>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? t("securityPage.passkeys.waiting") : t("securityPage.passkeys.add")}
      </Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {added ? (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {t("securityPage.passkeys.addedStatus", { name: added })}
        </p>
      ) : null}
    </form>
  );
}
