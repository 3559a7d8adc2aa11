import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Trans, useTranslation } from "react-i18next";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/form-field";
import { translatedMeta } from "~/lib/meta";
import { AuthForms } from "~/lib/schemas/auth";
import { checkResetToken, resetPassword } from "~/models/password-reset.server";
import { getUserById } from "~/models/user.server";
import { localReply } from "~/utils/auth-messages.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { signInRedirect } from "~/utils/sign-in.server";

const ResetPasswordSchema = AuthForms.ResetPasswordSchema;

export const handle = { i18n: ["auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** The token is in the address: never send it on to another site. */
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const account = checkResetToken(params.token ?? "");
  const { t } = await requestT(request, "auth");
  return data(
    { valid: account !== null, username: account?.username ?? null, meta: pageMetaText(t, t("reset.title"), t("reset.description")) },
    { status: account ? 200 : 410, headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { t } = await requestT(request, "auth");
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: localReply(t, submission.reply({ hideFields: HIDDEN })), invalid: false }, { status: 400 });
  }
  const outcome = await resetPassword({ token: params.token ?? "", password: submission.value.password });
  if (!outcome.ok) {
    return data({ result: submission.reply({ hideFields: HIDDEN }), invalid: true }, { status: 410 });
  }
  // Every session of the account has ended; this browser gets a fresh one, after the second
  // factor when the account has one (a reset link alone must not get past it).
  const user = getUserById(outcome.userId);
  if (!user) return data({ result: submission.reply({ hideFields: HIDDEN }), invalid: true }, { status: 410 });
  return signInRedirect(
    request,
    user,
    { rememberMe: false, redirectTo: "/dashboard" },
    { title: t("toasts.passwordChanged.title"), description: t("toasts.passwordChanged.description") },
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { valid, username } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });

  if (!valid || actionData?.invalid) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold">{t("reset.expiredHeading")}</h1>
        <p className="mt-4 text-slate-700 dark:text-slate-300">{t("reset.invalid")}</p>
        <p className="mt-6">
          <Link to="/forgot-password" className="text-primary-700 underline dark:text-primary-100">
            {t("reset.askNew")}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("reset.heading")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        <Trans t={t} i18nKey="reset.forAccount" values={{ username }} components={{ strong: <strong /> }} />
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormAlert id={form.errorId} title={t("reset.failed")} messages={form.errors} />
        <input type="text" name="username" value={username ?? ""} autoComplete="username" readOnly hidden />
        <Field
          label={t("reset.password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          hint={t("reset.passwordHint")}
        />
        <Field
          label={t("reset.confirmPassword")}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
          errorId={fields.confirmPassword.errorId}
        />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("reset.submitting") : t("reset.submit")}
        </Button>
      </Form>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
