/**
 * The second step of sign-in (issue 41): the password passed, and the account has a second
 * factor. A code from the authenticator app or a recovery code (a passkey with JavaScript)
 * finishes the sign-in. Nothing here is signed in: the pending sign-in lives 5 minutes.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasskeySecondStepButton } from "~/components/auth/passkey-buttons";
import { Button } from "~/components/ui/button";
import { CheckboxField, FieldFor, FormAlert } from "~/components/ui/form-field";
import { pageMeta } from "~/lib/meta";
import { isStaff } from "~/lib/roles";
import { MfaCodeSchema } from "~/lib/schemas/mfa";
import { displayName } from "~/models/user.server";
import { checkCodeWithLockout, finishSignIn, readPendingSignIn } from "~/utils/sign-in.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => pageMeta("Verify it's you", "The second step of signing in.");

const EXPIRED = {
  title: "Sign-in expired",
  description: "The second step waits 5 minutes. Please sign in again.",
  variant: "destructive" as const,
};

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await readPendingSignIn(request);
  if (!pending) throw await redirectWithToast("/login", EXPIRED);
  return { methods: pending.methods, mayTrustDevice: !isStaff(pending.user) };
}

export async function action({ request }: ActionFunctionArgs) {
  const pending = await readPendingSignIn(request);
  if (!pending) throw await redirectWithToast("/login", EXPIRED);
  const submission = parseWithZod(await request.formData(), { schema: MfaCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const check = await checkCodeWithLockout(request, pending.user, submission.value.code);
  if (!check.ok) {
    return data({ result: submission.reply({ formErrors: [check.message], hideFields: ["code"] }) }, { status: check.status, headers: check.headers });
  }
  const done = await finishSignIn(request, pending, { trustDevice: submission.value.rememberDevice === true });
  if (!done) throw await redirectWithToast("/login", EXPIRED);
  return redirectWithToast(
    done.redirectTo,
    { title: "Login successful", description: `Welcome back, ${displayName(pending.user)}!` },
    { headers: done.headers },
  );
}

export default function TwoFactorPage() {
  const { methods, mayTrustDevice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "two-factor-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(MfaCodeSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MfaCodeSchema }),
  });
  const hasApp = methods.includes("totp");

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">Verify it&apos;s you</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {hasApp
          ? "Your password is right. Open your authenticator app and type the 6-digit code it shows for this site."
          : "Your password is right. Use your passkey to finish signing in."}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormAlert id={form.errorId} title="Verification failed" messages={form.errors} />
        <FieldFor
          label="Authentication code"
          field={fields.code}
          autoComplete="one-time-code"
          autoFocus
          hint="Lost your phone? Type one of your recovery codes instead (like abcde-fghjk)."
        />
        {mayTrustDevice ? (
          <CheckboxField label="Remember this device for 30 days" inputProps={getInputProps(fields.rememberDevice, { type: "checkbox" })} />
        ) : null}
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Verifying…" : "Verify"}
        </Button>
      </Form>
      <PasskeySecondStepButton methods={methods} />
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        Not you, or stuck?{" "}
        <Link to="/login" className="text-primary-700 underline dark:text-primary-100">
          Sign in again
        </Link>
        . Without your phone and recovery codes, the town&apos;s office can help.
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
