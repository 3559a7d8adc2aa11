/**
 * The second step of sign-in (issue 41): the password passed, and the account has a second
 * factor. A code from the authenticator app or a recovery code (a passkey with JavaScript)
 * finishes the sign-in. Nothing here is signed in: the pending sign-in lives 5 minutes.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasskeySecondStepButton } from "~/components/auth/passkey-buttons";
import { Button } from "~/components/ui/button";
import { CheckboxField, FieldFor, FormAlert } from "~/components/ui/form-field";
import { translatedMeta } from "~/lib/meta";
import { isStaff } from "~/lib/roles";
import { MfaCodeSchema } from "~/lib/schemas/mfa";
import { displayName } from "~/models/user.server";
import { localReply } from "~/utils/auth-messages.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { checkCodeWithLockout, finishSignIn, readPendingSignIn } from "~/utils/sign-in.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const expired = (t: TFunction) => ({
  title: t("toasts.signInExpired.title"),
  description: t("toasts.signInExpired.description"),
  variant: "destructive" as const,
});

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requestT(request, "auth");
  const pending = await readPendingSignIn(request);
  if (!pending) throw await redirectWithToast("/login", expired(t));
  return {
    methods: pending.methods,
    mayTrustDevice: !isStaff(pending.user),
    meta: pageMetaText(t, t("twoFactor.title"), t("twoFactor.description")),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { t } = await requestT(request, "auth");
  const pending = await readPendingSignIn(request);
  if (!pending) throw await redirectWithToast("/login", expired(t));
  const submission = parseWithZod(await request.formData(), { schema: MfaCodeSchema });
  if (submission.status !== "success") return data({ result: localReply(t, submission.reply({ hideFields: ["code"] })) }, { status: 400 });
  const check = await checkCodeWithLockout(request, pending.user, submission.value.code);
  if (!check.ok) {
    return data({ result: localReply(t, submission.reply({ formErrors: [check.message], hideFields: ["code"] })) }, { status: check.status, headers: check.headers });
  }
  const done = await finishSignIn(request, pending, { trustDevice: submission.value.rememberDevice === true });
  if (!done) throw await redirectWithToast("/login", expired(t));
  return redirectWithToast(
    done.redirectTo,
    { title: t("toasts.loginSuccess.title"), description: t("toasts.loginSuccess.description", { name: displayName(pending.user) }) },
    { headers: done.headers },
  );
}

export default function TwoFactorPage() {
  const { t } = useTranslation("auth");
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
      <h1 className="text-3xl font-bold">{t("twoFactor.title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {hasApp ? t("twoFactor.introApp") : t("twoFactor.introPasskey")}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormAlert id={form.errorId} title={t("twoFactor.failed")} messages={form.errors} />
        <FieldFor
          label={t("twoFactor.code")}
          field={fields.code}
          autoComplete="one-time-code"
          autoFocus
          hint={t("twoFactor.codeHint")}
        />
        {mayTrustDevice ? (
          <CheckboxField label={t("twoFactor.rememberDevice")} inputProps={getInputProps(fields.rememberDevice, { type: "checkbox" })} />
        ) : null}
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("twoFactor.submitting") : t("twoFactor.submit")}
        </Button>
      </Form>
      <PasskeySecondStepButton methods={methods} />
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        {t("twoFactor.stuck")}{" "}
        <Link to="/login" className="text-primary-700 underline dark:text-primary-100">
          {t("twoFactor.signInAgain")}
        </Link>
        {t("twoFactor.office")}
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
