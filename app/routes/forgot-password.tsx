import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/form-field";
import { translatedMeta } from "~/lib/meta";
import { AuthForms } from "~/lib/schemas/auth";
import { clientAddress } from "~/utils/client-address.server";
import { requestPasswordReset } from "~/models/password-reset.server";
import { localReply, minutesMessage } from "~/utils/auth-messages.server";
import { getEnv } from "~/utils/env.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";

const ForgotPasswordSchema = AuthForms.ForgotPasswordSchema;

export const handle = { i18n: ["auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  const { t } = await requestT(request, "auth");
  return {
    town: env.TOWN_NAME,
    email: env.TOWN_SUPPORT_EMAIL,
    phone: env.TOWN_SUPPORT_PHONE,
    meta: pageMetaText(t, t("forgot.title"), t("forgot.description")),
  };
}

/** Same answer whether or not an account matches; only the per-address limit answers otherwise (429). */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { t } = await requestT(request, "auth");
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: localReply(t, submission.reply()), sent: false, limited: null }, { status: 400 });
  }
  const outcome = requestPasswordReset({ identifier: submission.value.identifier, address: clientAddress(request) });
  if (outcome.status === "limited") {
    return data(
      {
        result: submission.reply(),
        sent: false,
        limited: minutesMessage(t, "errors.resetLimitedOne", "errors.resetLimitedMany", outcome.retryAfterSeconds),
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { result: submission.reply({ resetForm: true }), sent: true, limited: null };
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const { email, phone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password-form",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ForgotPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("forgot.heading")}</h1>
      {actionData?.sent ? (
        <div role="status" className="mt-6 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100">
          <h2 className="font-semibold">{t("forgot.sentHeading")}</h2>
          <p className="mt-1">{t("forgot.sent")}</p>
        </div>
      ) : (
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("forgot.intro")}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormAlert title={t("forgot.wait")} messages={actionData?.limited ? [actionData.limited] : null} />
        <Field
          label={t("forgot.identifier")}
          inputProps={{ ...getInputProps(fields.identifier, { type: "text" }), autoComplete: "username" }}
          errors={fields.identifier.errors}
          errorId={fields.identifier.errorId}
        />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("forgot.submitting") : t("forgot.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        {t("forgot.contactBefore")}{" "}
        <a href={`mailto:${email}`} className="text-primary-700 underline dark:text-primary-100">
          {email}
        </a>{" "}
        {t("forgot.contactOr")}{" "}
        <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-primary-700 underline dark:text-primary-100">
          {phone}
        </a>
        .
      </p>
      <p className="mt-4">
        <Link to="/login" className="text-primary-700 underline dark:text-primary-100">
          {t("forgot.back")}
        </Link>
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
