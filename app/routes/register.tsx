import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { PersonFields } from "~/components/account/person-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, FieldFor, FormAlert } from "~/components/ui/form-field";
import { translatedMeta } from "~/lib/meta";
import { AuthForms } from "~/lib/schemas/auth";
import { registerUser } from "~/models/user.server";
import { localReply } from "~/utils/auth-messages.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { safeRedirect } from "~/utils/redirect";
import { getUser } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";

const RegisterSchema = AuthForms.RegisterSchema;

export const handle = { i18n: ["auth", "account"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const HIDDEN = ["password", "confirmPassword"];

/** /login, keeping a given redirectTo (made safe). */
function loginUrl(redirectTo: FormDataEntryValue | string | null | undefined) {
  if (typeof redirectTo !== "string" || redirectTo === "") return "/login";
  return `/login?${new URLSearchParams({ redirectTo: safeRedirect(redirectTo) })}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  const { t } = await requestT(request, "auth");
  return { meta: pageMetaText(t, t("register.title"), t("register.description")) };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (await getUser(request)) throw redirect(safeRedirect(formData.get("redirectTo")));
  const { t } = await requestT(request, "auth");
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") {
    return data({ result: localReply(t, submission.reply({ hideFields: HIDDEN })), failed: false }, { status: 400 });
  }
  const outcome = await registerUser(submission.value);
  if (!outcome.ok) {
    return dataWithToast(
      request,
      { result: localReply(t, submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: HIDDEN })), failed: true },
      { title: t("toasts.registrationFailed.title"), description: t("toasts.registrationFailed.description"), variant: "destructive" },
      { status: 400 },
    );
  }
  return redirectWithToast(loginUrl(submission.value.redirectTo), {
    title: t("toasts.registered.title"),
    description: t("toasts.registered.description"),
  });
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const navigation = useNavigation();

  const [form, fields] = useForm({
    id: "register-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(RegisterSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
  });
  const loginHref = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">{t("register.heading")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("register.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert title={t("register.failed")} messages={actionData?.failed ? [t("toasts.registrationFailed.description")] : null} />
        <PersonFields firstName={fields.firstName} lastName={fields.lastName} email={fields.email} />
        <FieldFor label={t("register.username")} field={fields.username} autoComplete="username" hint={t("register.usernameHint")} />
        <FieldFor label={t("register.password")} field={fields.password} type="password" autoComplete="new-password" hint={t("register.passwordHint")} />
        <FieldFor label={t("register.confirmPassword")} field={fields.confirmPassword} type="password" autoComplete="new-password" />
        <CheckboxField
          label={t("register.terms")}
          inputProps={getInputProps(fields.terms, { type: "checkbox" })}
          errors={fields.terms.errors}
          errorId={fields.terms.errorId}
        />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("register.submitting") : t("register.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        {t("register.haveAccount")}{" "}
        <Link to={loginHref} className="text-primary-700 underline dark:text-primary-100">
          {t("register.signIn")}
        </Link>
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
