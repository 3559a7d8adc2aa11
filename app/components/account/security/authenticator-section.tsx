import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
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
  const busy = useBusy();
  return (
    <SecuritySection
      id="authenticator"
      title="Authenticator app"
      description="After your password, sign-in asks for the 6-digit code an app on your phone shows (Google Authenticator, Microsoft Authenticator, 1Password and others)."
    >
      {totp.enabled ? (
        <>
          <p className="mt-4">
            Status: <strong className="text-green-800 dark:text-green-300">On</strong>
          </p>
          {newCodes ? <RecoveryCodesPanel codes={newCodes} username={username} issuer={issuer} continueTo={continueTo} /> : null}
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Recovery codes left: {totp.recoveryCodesLeft} of {totp.recoveryCodesTotal}
          </p>
          <PasswordAndCodeForm
            intent="recovery-codes"
            heading="Get new recovery codes"
            text="Ten new codes replace the old ones, used or not. Confirm with your password and a code from the app."
            submit="Get new recovery codes"
            busyLabel="Making codes…"
            variant="outline"
            lastResult={lastResult("recovery-codes")}
            busy={busy("recovery-codes")}
          />
          <PasswordAndCodeForm
            intent="totp-disable"
            heading="Turn off the authenticator app"
            text="Your account is easier to break into without it. Confirm with your password and a code from the app (or a recovery code)."
            submit="Turn off"
            busyLabel="Turning off…"
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
            Status: <strong>Off</strong>
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="totp-start" />
            <Button type="submit" disabled={busy("totp-start")}>
              {busy("totp-start") ? "Starting…" : "Set up an authenticator app"}
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
          <p>Open your authenticator app, add an account and scan this QR code.</p>
          <img
            src={pending.qrCode}
            alt={`QR code to add ${username} at ${issuer} to an authenticator app`}
            width={192}
            height={192}
            className="mt-3 rounded border border-slate-200 bg-white dark:border-slate-700"
          />
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            Can&apos;t scan it? Choose to enter a setup key and type this one (spaces don&apos;t matter), time based:
          </p>
          <p className="mt-1">
            <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono text-lg tracking-wide dark:bg-slate-800">
              {groupSecret(pending.secret)}
            </code>
          </p>
          <p className="mt-2 text-sm">
            <a href={pending.otpauthUrl} className="text-primary-700 underline dark:text-primary-100">
              On this phone? Open it in your authenticator app
            </a>
          </p>
        </li>
        <li>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="intent" value="totp-confirm" />
            <Field
              label="Enter the 6-digit code your app shows"
              inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "one-time-code", inputMode: "numeric" }}
              errors={fields.code.errors}
              errorId={fields.code.errorId}
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Checking…" : "Turn on"}
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
      <FieldFor label="Password" field={fields.password} type="password" autoComplete="current-password" />
      <FieldFor label="Authentication code" field={fields.code} autoComplete="one-time-code" />
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? busyLabel : submit}
      </Button>
    </Form>
  );
}
