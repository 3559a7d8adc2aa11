import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { EmailPreferences } from "~/components/account/email-preferences";
import { PersonFields } from "~/components/account/person-fields";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { FieldFor, FormAlert } from "~/components/ui/form-field";
import { DeleteAccountSchema, PasswordChangeSchema, ProfileSchema } from "~/lib/schemas/auth";
import { sendVerificationEmail, setRemindersOptOut } from "~/models/mail-preferences.server";
import { hasSecondFactor } from "~/models/mfa/factors.server";
import { changePassword, deleteAccount, updateProfile } from "~/models/user.server";
import { destroySession, readSessionId, requireUser } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () => pageMeta("My Profile", "Your account details and password.");

const TABS = [
  { id: "profile", label: "Profile Information" },
  { id: "password", label: "Password & Security" },
] as const;
type Tab = (typeof TABS)[number]["id"] | "delete";

function readTab(request: Request): Tab {
  const tab = new URL(request.url).searchParams.get("tab");
  return tab === "password" || tab === "delete" ? tab : "profile";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "Please log in to view your profile" });
  return { user, tab: readTab(request), secondFactor: hasSecondFactor(user.id) };
}

const failed = (description: string) => ({ title: "Update Failed", description, variant: "destructive" as const });
const PROFILE_FAILED = "Failed to update profile. Please try again later";
const PASSWORD_FAILED = "Failed to update password. Please check your current password";
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

type ActionResult = {
  intent: "profile" | "password" | "delete";
  result: SubmissionResult<string[]>;
  /** Businesses whose live subscription blocks the account deletion. */
  renewing?: { id: number; name: string }[];
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { description: "Please log in to view your profile" });
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: ProfileSchema });
    if (submission.status !== "success") {
      return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
    }
    const outcome = updateProfile(user.id, submission.value);
    if (!outcome.ok) {
      return dataWithToast<ActionResult>(request, { intent, result: submission.reply({ fieldErrors: outcome.fieldErrors }) }, failed(PROFILE_FAILED), {
        status: 400,
      });
    }
    return redirectWithToast("/profile?tab=profile", {
      title: "Profile Updated",
      description: "Your profile information has been saved.",
    });
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: PasswordChangeSchema });
    if (submission.status !== "success") {
      return data<ActionResult>(
        { intent, result: submission.reply({ hideFields: PASSWORD_FIELDS }) },
        { status: 400 },
      );
    }
    const outcome = await changePassword(user.id, submission.value, await readSessionId(request));
    if (!outcome.ok) {
      return dataWithToast<ActionResult>(
        request,
        { intent, result: submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: PASSWORD_FIELDS }) },
        failed(PASSWORD_FAILED),
        { status: 400 },
      );
    }
    return redirectWithToast("/profile?tab=password", {
      title: "Password Updated",
      description: "Your password has been changed. Your other sessions have been signed out.",
    });
  }

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
    if (submission.status !== "success") {
      return data<ActionResult>({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const outcome = await deleteAccount(user.id, submission.value.password);
    if (!outcome.ok) {
      const { "": formErrors, ...fieldErrors } = outcome.fieldErrors;
      return data<ActionResult>(
        {
          intent,
          result: submission.reply({ formErrors, fieldErrors, hideFields: ["password"] }),
          renewing: outcome.renewing,
        },
        { status: 400 },
      );
    }
    const cookie = await destroySession(request);
    return redirectWithToast(
      "/",
      { title: "Account deleted", description: "Your account has been deleted." },
      { headers: { "Set-Cookie": cookie } },
    );
  }

  if (intent === "send-verification") {
    sendVerificationEmail(user.id);
    return redirectWithToast("/profile?tab=profile", {
      title: "Confirmation link sent",
      description: `We emailed a confirmation link to ${user.email}.`,
    });
  }

  if (intent === "reminders") {
    setRemindersOptOut(user.id, formData.get("reminders") === "off");
    return redirectWithToast("/profile?tab=profile", {
      title: "Email preferences saved",
      description: formData.get("reminders") === "off" ? "You will not receive renewal reminders." : "Renewal reminders are on.",
    });
  }

  throw data("Unknown form action", { status: 400 });
}

export default function ProfilePage() {
  const { user, tab, secondFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const lastResult = (intent: ActionResult["intent"]) => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/dashboard" className="text-sm text-primary-700 underline dark:text-primary-100">
        ← Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold">My Profile</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Signed in as <span className="font-medium">{user.username}</span>
      </p>

      {tab === "delete" ? (
        <DeleteAccount
          lastResult={lastResult("delete")}
          renewing={actionData?.intent === "delete" ? actionData.renewing : undefined}
        />
      ) : (
        <>
          <nav aria-label="Profile sections" className="mt-8 flex gap-1 border-b border-slate-200 dark:border-slate-700">
            {TABS.map((t) => (
              <Link
                key={t.id}
                to={`?tab=${t.id}`}
                aria-current={tab === t.id ? "page" : undefined}
                className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                  tab === t.id
                    ? "border-primary-700 text-primary-800 dark:border-primary-100 dark:text-white"
                    : "border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                }`}
              >
                {t.label}
              </Link>
            ))}
          </nav>
          <section className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
            {tab === "profile" ? (
              <ProfileForm
                key={`${location.key}-${user.email}`}
                user={user}
                lastResult={lastResult("profile")}
              />
            ) : (
              <PasswordForm key={location.key} lastResult={lastResult("password")} />
            )}
          </section>
          {tab === "password" ? (
            <section aria-labelledby="sign-in-security-heading" className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
              <h2 id="sign-in-security-heading" className="text-xl font-semibold">
                Sign-in security
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                Second factor: <strong>{secondFactor ? "On" : "Off"}</strong>.{" "}
                {secondFactor
                  ? "Signing in asks for a code or passkey after your password."
                  : "Add an authenticator app so a stolen password alone cannot open your account."}
              </p>
              <Link to="/profile/security" className="mt-3 inline-block text-primary-700 underline dark:text-primary-100">
                Manage sign-in security and sessions
              </Link>
            </section>
          ) : null}
          {tab === "profile" ? (
            <EmailPreferences
              key={`${location.key}-prefs`}
              email={user.email}
              verified={Boolean(user.emailVerifiedAt)}
              remindersOn={!user.remindersOptOut}
            />
          ) : null}
          <section className="mt-8 rounded-lg border border-red-200 p-6 dark:border-red-900" aria-labelledby="danger-heading">
            <h2 id="danger-heading" className="text-lg font-semibold">
              Delete account
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Permanently delete your account. You will be asked to confirm with your password.
            </p>
            <ButtonLink to="?tab=delete" variant="destructive" className="mt-4">
              Delete Account
            </ButtonLink>
          </section>
        </>
      )}
    </div>
  );
}

function ProfileForm({
  user,
  lastResult,
}: {
  user: { firstName: string | null; lastName: string | null; email: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    defaultValue: { firstName: user.firstName ?? "", lastName: user.lastName ?? "", email: user.email },
    constraint: getZodConstraint(ProfileSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-xl font-semibold">Profile Information</h2>
      <input type="hidden" name="intent" value="profile" />
      <PersonFields firstName={fields.firstName} lastName={fields.lastName} email={fields.email} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : "Save Changes"}
      </Button>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "password-form",
    lastResult,
    constraint: getZodConstraint(PasswordChangeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordChangeSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <h2 className="text-xl font-semibold">Password &amp; Security</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Changing your password signs you out everywhere else.
      </p>
      <input type="hidden" name="intent" value="password" />
      <FieldFor label="Current password" field={fields.currentPassword} type="password" autoComplete="current-password" />
      <FieldFor label="New password" field={fields.newPassword} type="password" autoComplete="new-password" hint="At least 6 characters." />
      <FieldFor label="Confirm new password" field={fields.confirmPassword} type="password" autoComplete="new-password" />
      <Button type="submit" disabled={busy}>
        {busy ? "Updating…" : "Update Password"}
      </Button>
    </Form>
  );
}

function DeleteAccount({
  lastResult,
  renewing,
}: {
  lastResult?: SubmissionResult<string[]>;
  renewing?: { id: number; name: string }[];
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "delete-account-form",
    lastResult,
    constraint: getZodConstraint(DeleteAccountSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <section className="mt-8 rounded-lg border border-red-300 p-6 dark:border-red-800" aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="text-xl font-semibold">
        Delete Account
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Are you sure you want to delete your account? This cannot be undone.</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-slate-700 dark:text-slate-300">
        <li>Your account and all its sign-in sessions are deleted.</li>
        <li>Businesses you claimed are released and can be claimed again.</li>
        <li>Payment records are kept for the town&apos;s books, no longer linked to you.</li>
      </ul>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="delete" />
        <FormAlert title="Account not deleted" messages={form.errors} />
        {renewing?.length ? (
          <ul className="list-disc pl-6 text-sm">
            {renewing.map((b) => (
              <li key={b.id}>
                <Link to={`/business/${b.id}/subscription`} className="text-primary-700 underline dark:text-primary-100">
                  Manage the subscription of {b.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldFor label="Enter your password to confirm" field={fields.password} type="password" autoComplete="current-password" />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting…" : "Delete my account"}
          </Button>
          <Link to="?tab=profile" className={buttonClass("outline")}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
