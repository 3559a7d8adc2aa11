/**
 * The passkey buttons of sign-in and step-up (issue 41). Each needs JavaScript and a browser with
 * WebAuthn: before hydration, and where `PublicKeyCredential` is missing, they render nothing
 * (the second step says what to do instead), and the page's code forms remain the way.
 *
 * - PasskeySignInButton (/login): any passkey of this site signs in without the password.
 * - PasskeySecondStepButton (/login/two-factor): the password passed; a passkey finishes.
 * - PasskeyStepUpButton (inside the step-up form): puts the assertion in the form's
 *   `stepUpPasskey` field and sends the form, so the action carries on as it was sent.
 */
import { useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import type { MfaMethod } from "~/lib/schemas/mfa";
import { securityMessage } from "~/lib/security-messages";
import { assertPasskey, passkeyErrorMessage, passkeysSupported, postPasskeyJson, usePasskeysAvailable } from "./passkeys-browser";

/** The step-up form's field (~/utils/step-up.server STEP_UP_PASSKEY; that module is server-only). */
const STEP_UP_PASSKEY = "stepUpPasskey";

function useCeremony() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(task: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (failure) {
      setError(passkeyErrorMessage(failure, "authenticate"));
      setBusy(false);
    }
  }
  return { busy, error, run, done: () => setBusy(false) };
}

/** A ceremony's refusal (the browser half's English) in the page's language. */
function CeremonyError({ message }: { message: string | null }) {
  const { t } = useTranslation("auth");
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
      {securityMessage(t, message)}
    </p>
  );
}

function formValues(formId: string): FormData | null {
  const form = document.getElementById(formId);
  return form instanceof HTMLFormElement ? new FormData(form) : null;
}

/**
 * "Sign in with a passkey" for /login: reads `redirectTo` and "Remember me" from the login form
 * (`formId`) when it is there, and goes to the page the server answers once signed in.
 */
export function PasskeySignInButton({ formId = "login-form" }: { formId?: string }) {
  const { t } = useTranslation("auth");
  const available = usePasskeysAvailable();
  const { busy, error, run } = useCeremony();
  if (!available) return null;

  const signIn = () =>
    run(async () => {
      const form = formValues(formId);
      const redirectTo = form?.get("redirectTo");
      const assertion = await assertPasskey("/resources/passkeys/sign-in/options");
      const answer = await postPasskeyJson<{ redirectTo: string }>("/resources/passkeys/sign-in/verify", {
        ...assertion,
        rememberMe: form?.get("rememberMe") != null,
        redirectTo: typeof redirectTo === "string" && redirectTo ? redirectTo : undefined,
      });
      window.location.assign(answer.redirectTo);
    });

  return (
    <div className="mt-6" data-testid="passkey-sign-in">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
        {t("passkey.or")}
        <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
      </div>
      <Button variant="outline" className="mt-4 w-full" onClick={signIn} disabled={busy} aria-describedby="passkey-sign-in-hint">
        {busy ? t("passkey.waiting") : t("passkey.signIn")}
      </Button>
      <p id="passkey-sign-in-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {t("passkey.signInHint")}
      </p>
      <CeremonyError message={error} />
    </div>
  );
}

/**
 * "Use a passkey" for /login/two-factor, shown when the account has one. Reads "Remember this
 * device" from the code form (`formId`). Without JavaScript or WebAuthn it says what to do instead.
 */
export function PasskeySecondStepButton({ methods, formId = "two-factor-form" }: { methods: MfaMethod[]; formId?: string }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const { busy, error, run } = useCeremony();
  if (!methods.includes("passkey")) return null;
  const takesCodes = methods.includes("totp") || methods.includes("recovery");
  if (!hydrated || !passkeysSupported()) {
    const why = hydrated ? t("passkey.unsupported") : t("passkey.needsJavaScript");
    const instead = takesCodes ? t("passkey.insteadCode") : t("passkey.insteadOffice");
    return (
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300" data-testid="passkey-second-step-note">
        {why} {instead}
      </p>
    );
  }

  const verify = () =>
    run(async () => {
      const form = formValues(formId);
      const assertion = await assertPasskey("/resources/passkeys/second-step/options");
      const answer = await postPasskeyJson<{ redirectTo: string }>("/resources/passkeys/second-step/verify", {
        ...assertion,
        rememberDevice: form?.get("rememberDevice") != null,
      });
      window.location.assign(answer.redirectTo);
    });

  return (
    <div className="mt-6" data-testid="passkey-second-step">
      <Button variant={takesCodes ? "outline" : "primary"} className="w-full" onClick={verify} disabled={busy}>
        {busy ? t("passkey.waiting") : t("passkey.use")}
      </Button>
      <CeremonyError message={error} />
    </div>
  );
}

/**
 * "Use a passkey" inside the step-up form (a <Form> carrying the action's fields): the assertion
 * goes in its hidden `stepUpPasskey` field and the form is sent as it is.
 */
export function PasskeyStepUpButton({ methods }: { methods: MfaMethod[] }) {
  const { t } = useTranslation("auth");
  const available = usePasskeysAvailable();
  const submit = useSubmit();
  const fieldRef = useRef<HTMLInputElement>(null);
  const { busy, error, run, done } = useCeremony();
  if (!available || !methods.includes("passkey")) return null;

  const verify = () =>
    run(async () => {
      const field = fieldRef.current;
      const form = field?.form;
      if (!field || !form) throw new Error("The step-up form is missing");
      const assertion = await assertPasskey("/resources/passkeys/step-up/options");
      field.value = JSON.stringify(assertion);
      // Sent as built from the form (no constraint check: the code box may stay empty).
      submit(form);
      field.value = "";
      done();
    });

  return (
    <div data-testid="passkey-step-up">
      <input ref={fieldRef} type="hidden" name={STEP_UP_PASSKEY} defaultValue="" />
      <Button variant="outline" onClick={verify} disabled={busy}>
        {busy ? t("passkey.waiting") : t("passkey.use")}
      </Button>
      <CeremonyError message={error} />
    </div>
  );
}
