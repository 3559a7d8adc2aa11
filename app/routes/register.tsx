import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { PersonFields } from "~/components/account/person-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, FieldFor, FormAlert } from "~/components/ui/form-field";
import { RegisterSchema } from "~/lib/schemas/auth";
import { registerUser } from "~/models/user.server";
import { safeRedirect } from "~/utils/redirect";
import { getUser } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Register", "Create an account to claim your business and pay your Business Tax Receipt online.");

const FAILED = "Please check your information and try again";
const HIDDEN = ["password", "confirmPassword"];

/** /login, keeping a given redirectTo (made safe). */
function loginUrl(redirectTo: FormDataEntryValue | string | null | undefined) {
  if (typeof redirectTo !== "string" || redirectTo === "") return "/login";
  return `/login?${new URLSearchParams({ redirectTo: safeRedirect(redirectTo) })}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (await getUser(request)) throw redirect(safeRedirect(formData.get("redirectTo")));
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDDEN }), failed: false }, { status: 400 });
  }
  const outcome = await registerUser(submission.value);
  if (!outcome.ok) {
    return dataWithToast(
      request,
      { result: submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: HIDDEN }), failed: true },
      { title: "Registration failed", description: FAILED, variant: "destructive" },
      { status: 400 },
    );
  }
  return redirectWithToast(loginUrl(submission.value.redirectTo), {
    title: "Registration successful",
    description: "Your account has been created. Please log in.",
  });
}

export default function RegisterPage() {
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
      <h1 className="text-3xl font-bold">Create an account</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Register to claim your business, pay its Business Tax Receipt online and keep your receipts in one place.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert title="Registration failed" messages={actionData?.failed ? [FAILED] : null} />
        <PersonFields firstName={fields.firstName} lastName={fields.lastName} email={fields.email} />
        <FieldFor label="Username" field={fields.username} autoComplete="username" hint="At least 3 characters: letters, numbers and underscores." />
        <FieldFor label="Password" field={fields.password} type="password" autoComplete="new-password" hint="At least 6 characters." />
        <FieldFor label="Confirm password" field={fields.confirmPassword} type="password" autoComplete="new-password" />
        <CheckboxField
          label="I accept the terms and conditions"
          inputProps={getInputProps(fields.terms, { type: "checkbox" })}
          errors={fields.terms.errors}
          errorId={fields.terms.errorId}
        />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Creating account…" : "Register"}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        Already have an account?{" "}
        <Link to={loginHref} className="text-primary-700 underline dark:text-primary-100">
          Sign in
        </Link>
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
