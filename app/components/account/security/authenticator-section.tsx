import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Field, FieldFor } from "~/components/ui/form-field";
import { TotpConfirmSchema, TotpDisableSchema } from "~/lib/schemas/mfa";
import { RecoveryCodesPanel } from "./recovery-codes";
import { SecuritySection } from "./security-section";

export type TotpState = {
  enabled: boolean;
  recoveryCodesLeft: number;
  recoveryCodesTotal: number;
  /** An enrolment waiting for its first code: the QR code (data: URL), the secret and its link. */
  pending: { qrCode: string; secret: string; otpauthUrl: string } | null;
};

export type AuthenticatorIntent = "totp-confirm" | "totp-disable" | "recovery-codes";

/** The secret in groups of four, for typing into an app by hand. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function useBusy() {
  const navigation = useNavigation();
  return (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * The authenticator app (TOTP): off (a button to set it up), pending (QR code, secret, a form for
 * the first code) or on (status, recovery codes left, turn off, new recovery codes). Every form
 * is a plain POST with an `intent`.
 */
export function AuthenticatorSection({
  totp,
  username,
  issuer,
  lastResult,
  newCodes,
  continueTo,
}: {
  totp: TotpState;
  username: string;
  issuer: string;
  lastResult: (intent: AuthenticatorIntent) => SubmissionResult<string[]> | undefined;
  /** Recovery codes made by this very submission (shown once). */
  newCodes?: string[];
  continueTo?: string | null;
}) {
  const { t } = useTranslation("account");
  const busy = useBusy();
  return (
    <SecuritySection id="authenticator" title={t("securityPage.authenticator.title")} description={t("securityPage.authenticator.description")}>
      {totp.enabled ? (
        <>
          <p className="mt-4">
            {t("securityPage.authenticator.status")} <strong className="text-green-800 dark:text-green-300">{t("securityPage.authenticator.on")}</strong>
          </p>
          {newCodes ? <RecoveryCodesPanel codes={newCodes} username={username} issuer={issuer} continueTo={continueTo} /> : null}
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t("securityPage.authenticator.recoveryLeft", { left: totp.recoveryCodesLeft, total: totp.recoveryCodesTotal })}
          </p>
          <PasswordAndCodeForm
            intent="recovery-codes"
            heading={t("securityPage.authenticator.renewHeading")}
            text={t("securityPage.authenticator.renewText")}
            submit={t("securityPage.authenticator.renewSubmit")}
            busyLabel={t("securityPage.authenticator.renewBusy")}
            variant="outline"
            lastResult={lastResult("recovery-codes")}
            busy={busy("recovery-codes")}
          />
          <PasswordAndCodeForm
            intent="totp-disable"
            heading={t("securityPage.authenticator.disableHeading")}
            text={t("securityPage.authenticator.disableText")}
            submit={t("securityPage.authenticator.disableSubmit")}
            busyLabel={t("securityPage.authenticator.disableBusy")}
            variant="destructive"
            lastResult={lastResult("totp-disable")}
            busy={busy("totp-disable")}
          />
        </>
      ) : totp.pending ? (
        <EnrolmentForm pending={totp.pending} username={username} issuer={issuer} lastResult={lastResult("totp-confirm")} busy={busy("totp-confirm")} />
      ) : (
        <>
          <p className="mt-4">
            {t("securityPage.authenticator.status")} <strong>{t("securityPage.authenticator.off")}</strong>
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="totp-start" />
            <Button type="submit" disabled={busy("totp-start")}>
              {busy("totp-start") ? t("securityPage.authenticator.starting") : t("securityPage.authenticator.start")}
            </Button>
          </Form>
        </>
      )}
    </SecuritySection>
  );
}

function EnrolmentForm({
  pending,
  username,
  issuer,
  lastResult,
  busy,
}: {
  pending: NonNullable<TotpState["pending"]>;
  username: string;
  issuer: string;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm({
    id: "totp-confirm-form",
    lastResult,
    constraint: getZodConstraint(TotpConfirmSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TotpConfirmSchema }),
  });
  return (
    <div className="mt-4 space-y-4">
      <ol className="list-decimal space-y-4 pl-6">
        <li>
          <p>{t("securityPage.authenticator.scan")}</p>
          <img
            src={pending.qrCode}
            alt={t("securityPage.authenticator.qrAlt", { username, issuer })}
            width={192}
            height={192}
            className="mt-3 rounded border border-slate-200 bg-white dark:border-slate-700"
          />
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            {t("securityPage.authenticator.cantScan")}
          </p>
          <p className="mt-1">
            <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono text-lg tracking-wide dark:bg-slate-800">
              {groupSecret(pending.secret)}
            </code>
          </p>
          <p className="mt-2 text-sm">
            <a href={pending.otpauthUrl} className="text-primary-700 underline dark:text-primary-100">
              {t("securityPage.authenticator.openLink")}
            </a>
          </p>
        </li>
        <li>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="intent" value="totp-confirm" />
            <Field
              label={t("securityPage.authenticator.codeLabel")}
              inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "one-time-code", inputMode: "numeric" }}
              errors={fields.code.errors}
              errorId={fields.code.errorId}
            />
            <Button type="submit" disabled={busy}>
              {busy ? t("securityPage.authenticator.checking") : t("securityPage.authenticator.turnOn")}
            </Button>
          </Form>
        </li>
      </ol>
    </div>
  );
}

/** A form that asks for the password and a current code before a change to the factor. */
function PasswordAndCodeForm({
  intent,
  heading,
  text,
  submit,
  busyLabel,
  variant,
  lastResult,
  busy,
}: {
  intent: "totp-disable" | "recovery-codes";
  heading: string;
  text: string;
  submit: string;
  busyLabel: string;
  variant: "destructive" | "outline";
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm({
    id: `${intent}-form`,
    lastResult,
    constraint: getZodConstraint(TotpDisableSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TotpDisableSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4 border-t border-slate-200 pt-6 dark:border-slate-700">
      <h3 className="text-lg font-semibold">{heading}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
      <input type="hidden" name="intent" value={intent} />
      <FieldFor label={t("securityPage.authenticator.password")} field={fields.password} type="password" autoComplete="current-password" />
      <FieldFor label={t("securityPage.authenticator.code")} field={fields.code} autoComplete="one-time-code" />
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? busyLabel : submit}
      </Button>
    </Form>
  );
}
