import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { PasskeySignInButton } from "~/components/auth/passkey-buttons";
import { Button } from "~/components/ui/button";
import { CheckboxField, FieldFor, FormAlert } from "~/components/ui/form-field";
import { useAnswerKey } from "~/lib/hooks/use-answer-key";
import { AuthForms } from "~/lib/schemas/auth";
import { displayName } from "~/models/user.server";
import { authenticateForm, LoginFailure } from "~/utils/auth.server";
import { localMessage, localReply } from "~/utils/auth-messages.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { safeRedirect } from "~/utils/redirect";
import { getUser } from "~/utils/session.server";
import { signInRedirect } from "~/utils/sign-in.server";
import { dataWithToast } from "~/utils/toast.server";
import { translatedMeta } from "~/lib/meta";

const LoginSchema = AuthForms.LoginSchema;

export const handle = { i18n: ["auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  const { t } = await requestT(request, "auth");
  return { meta: pageMetaText(t, t("login.title"), t("login.description")) };
}

export async function action({ request }: ActionFunctionArgs) {
  if (await getUser(request)) {
    const form = await request.clone().formData();
    throw redirect(safeRedirect(form.get("redirectTo")));
  }
  const { t } = await requestT(request, "auth");
  const result = await authenticateForm(request);
  if (result instanceof LoginFailure) {
    const headers = result.headers;
    const reply = localReply(t, result.reply);
    const message = result.reply.error?.[""]?.[0];
    if (!message) return data({ result: reply }, { status: result.status, headers });
    return dataWithToast(
      request,
      { result: reply },
      { title: t("toasts.loginFailed.title"), description: localMessage(t, message), variant: "destructive" },
      { status: result.status, headers },
    );
  }
  // A stale cookie's row goes; the sign-in gets a fresh session id (or the second step first).
  return signInRedirect(
    request,
    result.user,
    { rememberMe: result.rememberMe, redirectTo: result.redirectTo },
    { title: t("toasts.loginSuccess.title"), description: t("toasts.loginSuccess.description", { name: displayName(result.user) }) },
  );
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const navigation = useNavigation();

  const [form, fields] = useForm({
    id: "login-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  // A failed attempt empties the password box (without JS the page re-renders it empty anyway).
  const passwordKey = useAnswerKey(actionData);
  const registerHref = redirectTo ? `/register?${new URLSearchParams({ redirectTo })}` : "/register";

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("login.title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("login.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert id={form.errorId} title={t("login.failed")} messages={form.errors} />
        <FieldFor label={t("login.username")} field={fields.username} autoComplete="username" autoFocus />
        <FieldFor key={passwordKey} label={t("login.password")} field={fields.password} type="password" autoComplete="current-password" />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField label={t("login.rememberMe")} inputProps={getInputProps(fields.rememberMe, { type: "checkbox" })} />
          <Link to="/forgot-password" className="text-sm text-primary-700 underline dark:text-primary-100">
            {t("login.forgot")}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("login.submitting") : t("login.submit")}
        </Button>
      </Form>
      <PasskeySignInButton />
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        {t("login.noAccount")}{" "}
        <Link to={registerHref} className="text-primary-700 underline dark:text-primary-100">
          {t("login.register")}
        </Link>
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
