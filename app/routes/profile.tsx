import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { Trans, useTranslation } from "react-i18next";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { EmailPreferences } from "~/components/account/email-preferences";
import { LanguagePreference } from "~/components/account/language-preference";
import { PersonFields } from "~/components/account/person-fields";
import { Button, ButtonLink, buttonClass } from "~/components/ui/button";
import { FieldFor, FormAlert } from "~/components/ui/form-field";
import { isLanguage } from "~/lib/languages";
import { AuthForms } from "~/lib/schemas/auth";
import { sendVerificationEmail, setRemindersOptOut } from "~/models/mail-preferences.server";
import { hasSecondFactor } from "~/models/mfa/factors.server";
import { changePassword, deleteAccount, setUserLanguage, updateProfile } from "~/models/user.server";
import { localReply } from "~/utils/auth-messages.server";
import { fixedT, languageCookie, pageMetaText, requestT } from "~/utils/i18n.server";
import { destroySession, readSessionId, requireUser } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { translatedMeta } from "~/lib/meta";

const { DeleteAccountSchema, PasswordChangeSchema, ProfileSchema } = AuthForms;

export const handle = { i18n: ["account", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const TABS = [
  { id: "profile", label: "profile.tabs.profile" },
  { id: "password", label: "profile.tabs.password" },
] as const;
type Tab = (typeof TABS)[number]["id"] | "delete";

const LOGIN_TO_VIEW = "account:toasts.loginToViewProfile";

function readTab(request: Request): Tab {
  const tab = new URL(request.url).searchParams.get("tab");
  return tab === "password" || tab === "delete" ? tab : "profile";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: LOGIN_TO_VIEW });
  const { t } = await requestT(request, "account");
  return {
    user,
    tab: readTab(request),
    secondFactor: hasSecondFactor(user.id),
    meta: pageMetaText(t, t("profile.title"), t("profile.description")),
  };
}

const failed = (t: TFunction, description: string) => ({
  title: t("toasts.updateFailed.title"),
  description: t(description),
  variant: "destructive" as const,
});
const PROFILE_FAILED = "toasts.profileFailed";
const PASSWORD_FAILED = "toasts.passwordFailed";
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

type ActionResult = {
  intent: "profile" | "password" | "delete";
  result: SubmissionResult<string[]>;
  /** Businesses whose live subscription blocks the account deletion. */
  renewing?: { id: number; name: string }[];
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { description: LOGIN_TO_VIEW });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await requestT(request, "account");

  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: ProfileSchema });
    if (submission.status !== "success") {
      return data<ActionResult>({ intent, result: localReply(t, submission.reply()) }, { status: 400 });
    }
    const outcome = updateProfile(user.id, submission.value);
    if (!outcome.ok) {
      return dataWithToast<ActionResult>(
        request,
        { intent, result: localReply(t, submission.reply({ fieldErrors: outcome.fieldErrors })) },
        failed(t, PROFILE_FAILED),
        { status: 400 },
      );
    }
    return redirectWithToast("/profile?tab=profile", {
      title: t("toasts.profileUpdated.title"),
      description: t("toasts.profileUpdated.description"),
    });
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: PasswordChangeSchema });
    if (submission.status !== "success") {
      return data<ActionResult>(
        { intent, result: localReply(t, submission.reply({ hideFields: PASSWORD_FIELDS })) },
        { status: 400 },
      );
    }
    const outcome = await changePassword(user.id, submission.value, await readSessionId(request));
    if (!outcome.ok) {
      return dataWithToast<ActionResult>(
        request,
        { intent, result: localReply(t, submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: PASSWORD_FIELDS })) },
        failed(t, PASSWORD_FAILED),
        { status: 400 },
      );
    }
    return redirectWithToast("/profile?tab=password", {
      title: t("toasts.passwordUpdated.title"),
      description: t("toasts.passwordUpdated.description"),
    });
  }

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
    if (submission.status !== "success") {
      return data<ActionResult>({ intent, result: localReply(t, submission.reply({ hideFields: ["password"] })) }, { status: 400 });
    }
    const outcome = await deleteAccount(user.id, submission.value.password);
    if (!outcome.ok) {
      const { "": formErrors, ...fieldErrors } = outcome.fieldErrors;
      return data<ActionResult>(
        {
          intent,
          result: localReply(t, submission.reply({ formErrors, fieldErrors, hideFields: ["password"] })),
          renewing: outcome.renewing,
        },
        { status: 400 },
      );
    }
    const cookie = await destroySession(request);
    return redirectWithToast(
      "/",
      { title: t("toasts.accountDeleted.title"), description: t("toasts.accountDeleted.description") },
      { headers: { "Set-Cookie": cookie } },
    );
  }

  if (intent === "send-verification") {
    sendVerificationEmail(user.id);
    return redirectWithToast("/profile?tab=profile", {
      title: t("toasts.verificationSent.title"),
      description: t("toasts.verificationSent.description", { email: user.email }),
    });
  }

  if (intent === "reminders") {
    setRemindersOptOut(user.id, formData.get("reminders") === "off");
    return redirectWithToast("/profile?tab=profile", {
      title: t("toasts.emailPreferencesSaved.title"),
      description: t(formData.get("reminders") === "off" ? "toasts.emailPreferencesSaved.remindersOff" : "toasts.emailPreferencesSaved.remindersOn"),
    });
  }

  if (intent === "language") {
    const language = formData.get("language");
    if (!isLanguage(language)) throw data("Unknown language", { status: 400 });
    setUserLanguage(user.id, language);
    // The cookie outranks the profile: it follows the choice, as the header's switch does.
    const chosen = fixedT(language, "account");
    return redirectWithToast(
      "/profile?tab=profile",
      { title: chosen("toasts.languageSaved.title"), description: chosen("toasts.languageSaved.description") },
      { headers: { "Set-Cookie": await languageCookie.serialize(language) } },
    );
  }

  throw data("Unknown form action", { status: 400 });
}

export default function ProfilePage() {
  const { t, i18n } = useTranslation("account");
  const { user, tab, secondFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const lastResult = (intent: ActionResult["intent"]) => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/dashboard" className="text-sm text-primary-700 underline dark:text-primary-100">
        {t("profile.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t("profile.heading")}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        <Trans t={t} i18nKey="profile.signedInAs" values={{ username: user.username }} components={{ name: <span className="font-medium" /> }} />
      </p>

      {tab === "delete" ? (
        <DeleteAccount
          lastResult={lastResult("delete")}
          renewing={actionData?.intent === "delete" ? actionData.renewing : undefined}
        />
      ) : (
        <>
          <nav aria-label={t("profile.sections")} className="mt-8 flex gap-1 border-b border-slate-200 dark:border-slate-700">
            {TABS.map((entry) => (
              <Link
                key={entry.id}
                to={`?tab=${entry.id}`}
                aria-current={tab === entry.id ? "page" : undefined}
                className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                  tab === entry.id
                    ? "border-primary-700 text-primary-800 dark:border-primary-100 dark:text-white"
                    : "border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                }`}
              >
                {t(entry.label)}
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
                {t("security.heading")}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                {t("security.secondFactor")} <strong>{secondFactor ? t("security.on") : t("security.off")}</strong>.{" "}
                {secondFactor ? t("security.onText") : t("security.offText")}
              </p>
              <Link to="/profile/security" className="mt-3 inline-block text-primary-700 underline dark:text-primary-100">
                {t("security.manage")}
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
          {tab === "profile" ? <LanguagePreference key={`${location.key}-language`} current={i18n.language} /> : null}
          <section className="mt-8 rounded-lg border border-red-200 p-6 dark:border-red-900" aria-labelledby="danger-heading">
            <h2 id="danger-heading" className="text-lg font-semibold">
              {t("danger.heading")}
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("danger.text")}</p>
            <ButtonLink to="?tab=delete" variant="destructive" className="mt-4">
              {t("danger.button")}
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
  const { t } = useTranslation("account");
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
      <h2 className="text-xl font-semibold">{t("profile.tabs.profile")}</h2>
      <input type="hidden" name="intent" value="profile" />
      <PersonFields firstName={fields.firstName} lastName={fields.lastName} email={fields.email} />
      <Button type="submit" disabled={busy}>
        {busy ? t("profile.saving") : t("profile.save")}
      </Button>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("account");
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
      <h2 className="text-xl font-semibold">{t("password.heading")}</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("password.intro")}</p>
      <input type="hidden" name="intent" value="password" />
      <FieldFor label={t("password.current")} field={fields.currentPassword} type="password" autoComplete="current-password" />
      <FieldFor label={t("password.new")} field={fields.newPassword} type="password" autoComplete="new-password" hint={t("password.hint")} />
      <FieldFor label={t("password.confirm")} field={fields.confirmPassword} type="password" autoComplete="new-password" />
      <Button type="submit" disabled={busy}>
        {busy ? t("password.submitting") : t("password.submit")}
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
  const { t } = useTranslation("account");
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
        {t("delete.heading")}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("delete.confirm")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-slate-700 dark:text-slate-300">
        <li>{t("delete.sessions")}</li>
        <li>{t("delete.businesses")}</li>
        <li>{t("delete.payments")}</li>
      </ul>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="delete" />
        <FormAlert title={t("delete.failed")} messages={form.errors} />
        {renewing?.length ? (
          <ul className="list-disc pl-6 text-sm">
            {renewing.map((b) => (
              <li key={b.id}>
                <Link to={`/business/${b.id}/subscription`} className="text-primary-700 underline dark:text-primary-100">
                  {t("delete.manageSubscription", { name: b.name })}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldFor label={t("delete.password")} field={fields.password} type="password" autoComplete="current-password" />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? t("delete.submitting") : t("delete.submit")}
          </Button>
          <Link to="?tab=profile" className={buttonClass("outline")}>
            {t("delete.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
