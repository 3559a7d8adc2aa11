import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * Profile: is the address confirmed (reminders only go to a confirmed one), and does the owner
 * want renewal reminders at all. Two plain POST forms (intents send-verification, reminders).
 */
export function EmailPreferences({
  email,
  verified,
  remindersOn,
}: {
  email: string;
  verified: boolean;
  remindersOn: boolean;
}) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <section aria-labelledby="email-prefs-heading" className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
      <h2 id="email-prefs-heading" className="text-xl font-semibold">
        {t("email.heading")}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {email}:{" "}
        {verified ? (
          <strong className="text-green-800 dark:text-green-300">{t("email.confirmed")}</strong>
        ) : (
          <strong className="text-amber-900 dark:text-amber-200">{t("email.notConfirmed")}</strong>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t("email.explanation")}
      </p>
      {verified ? null : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="send-verification" />
          <Button type="submit" variant="outline" disabled={busy("send-verification")}>
            {busy("send-verification") ? t("email.sending") : t("email.send")}
          </Button>
        </Form>
      )}
      <Form method="post" className="mt-6 space-y-3">
        <input type="hidden" name="intent" value="reminders" />
        <fieldset>
          <legend className="font-medium">{t("email.reminders")}</legend>
          <div className="mt-2 space-y-2">
            <label className="flex items-center gap-2">
              <input type="radio" name="reminders" value="on" defaultChecked={remindersOn} className="h-4 w-4" />
              {t("email.remindersOn")}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="reminders" value="off" defaultChecked={!remindersOn} className="h-4 w-4" />
              {t("email.remindersOff")}
            </label>
          </div>
        </fieldset>
        <Button type="submit" variant="outline" disabled={busy("reminders")}>
          {busy("reminders") ? t("email.saving") : t("email.save")}
        </Button>
      </Form>
    </section>
  );
}
