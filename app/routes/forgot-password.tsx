import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/form-field";
import { ForgotPasswordSchema } from "~/lib/schemas/auth";
import { clientAddress } from "~/utils/client-address.server";
import { RESET_REQUESTED } from "~/lib/password-reset";
import { requestPasswordReset } from "~/models/password-reset.server";
import { getEnv } from "~/utils/env.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Forgot password", "How to get back into your Florida Business Registry account.");

export function loader() {
  const env = getEnv();
  return { town: env.TOWN_NAME, email: env.TOWN_SUPPORT_EMAIL, phone: env.TOWN_SUPPORT_PHONE };
}

/** Same answer whether or not an account matches; only the per-address limit answers otherwise (429). */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false, limited: null }, { status: 400 });
  }
  const outcome = requestPasswordReset({ identifier: submission.value.identifier, address: clientAddress(request) });
  if (outcome.status === "limited") {
    const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
    return data(
      {
        result: submission.reply(),
        sent: false,
        limited: `Too many reset requests from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return { result: submission.reply({ resetForm: true }), sent: true, limited: null };
}

export default function ForgotPasswordPage() {
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
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      {actionData?.sent ? (
        <div role="status" className="mt-6 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100">
          <h2 className="font-semibold">Check your email</h2>
          <p className="mt-1">{RESET_REQUESTED}</p>
        </div>
      ) : (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Enter your username or the email address of your account. We will email you a link to choose a new password.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormAlert title="Please wait" messages={actionData?.limited ? [actionData.limited] : null} />
        <Field
          label="Username or email"
          inputProps={{ ...getInputProps(fields.identifier, { type: "text" }), autoComplete: "username" }}
          errors={fields.identifier.errors}
          errorId={fields.identifier.errorId}
        />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        No access to that email any more? Contact the Business Tax Receipt office at{" "}
        <a href={`mailto:${email}`} className="text-primary-700 underline dark:text-primary-100">
          {email}
        </a>{" "}
        or{" "}
        <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-primary-700 underline dark:text-primary-100">
          {phone}
        </a>
        .
      </p>
      <p className="mt-4">
        <Link to="/login" className="text-primary-700 underline dark:text-primary-100">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
