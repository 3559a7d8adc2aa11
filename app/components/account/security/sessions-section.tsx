import { Form, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { SecuritySection } from "./security-section";

export type SessionRow = {
  /** Not the session id (a secret): the first 16 hex of its SHA-256, resolved on the server. */
  handle: string;
  device: string;
  signedIn: string;
  signedInIso: string;
  lastUsed: string;
  current: boolean;
};

/**
 * Where the account is signed in: device, when it signed in, when it was last used (roughly),
 * which one is this browser; End for any other, and sign out all others. Plain POST forms.
 */
export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData : undefined;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <SecuritySection
      id="sessions"
      title={t("securityPage.sessions.title")}
      description={t("securityPage.sessions.description")}
    >
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700" data-testid="sessions-list">
        {sessions.map((session) => (
          <li key={session.handle} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session">
            <div>
              <p className="font-medium">
                {session.device}
                {session.current ? (
                  <span className="ml-2 inline-flex items-center rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
                    {t("securityPage.sessions.thisDevice")}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                <Trans
                  t={t}
                  i18nKey="securityPage.sessions.signedIn"
                  values={{ date: session.signedIn, lastUsed: session.lastUsed }}
                  components={{ time: <time dateTime={session.signedInIso} /> }}
                />
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="handle" value={session.handle} />
                <Button
                  type="submit"
                  variant="outline"
                  disabled={submitting?.get("intent") === "end-session" && submitting.get("handle") === session.handle}
                >
                  {t("securityPage.sessions.end")}
                  <span className="sr-only">{t("securityPage.sessions.endSr", { device: session.device, lastUsed: session.lastUsed })}</span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" variant="destructive" disabled={submitting?.get("intent") === "end-other-sessions"}>
            {t("securityPage.sessions.endOthers")}
          </Button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{t("securityPage.sessions.onlyThis")}</p>
      )}
    </SecuritySection>
  );
}
