import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/form-field";
import { ResetPasswordSchema } from "~/lib/schemas/auth";
import { RESET_LINK_INVALID } from "~/lib/password-reset";
import { checkResetToken, resetPassword } from "~/models/password-reset.server";
import { getUserById } from "~/models/user.server";
import { signInRedirect } from "~/utils/sign-in.server";

export const meta: MetaFunction = () => [{ title: "Choose a new password | Florida Business Registry" }];

/** The token is in the address: never send it on to another site. */
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

const HIDDEN = ["password", "confirmPassword"];

export function loader({ params }: LoaderFunctionArgs) {
  const account = checkResetToken(params.token ?? "");
  return data(
    { valid: account !== null, username: account?.username ?? null },
    { status: account ? 200 : 410, headers: { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDDEN }), invalid: false }, { status: 400 });
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
    { title: "Password changed", description: "Your new password is set and you are signed in. Other devices were signed out." },
  );
}

export default function ResetPasswordPage() {
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
        <h1 className="text-3xl font-bold">Link expired</h1>
        <p className="mt-4 text-slate-700 dark:text-slate-300">{RESET_LINK_INVALID}</p>
        <p className="mt-6">
          <Link to="/forgot-password" className="text-primary-700 underline dark:text-primary-100">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        For the account <strong>{username}</strong>. Saving it signs you in here and signs out every other device.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <FormAlert id={form.errorId} title="Password not changed" messages={form.errors} />
        <input type="text" name="username" value={username ?? ""} autoComplete="username" readOnly hidden />
        <Field
          label="New password"
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          hint="At least 6 characters."
        />
        <Field
          label="Confirm new password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
          errorId={fields.confirmPassword.errorId}
        />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Saving…" : "Set new password"}
        </Button>
      </Form>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
