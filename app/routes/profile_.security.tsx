/**
 * /profile/security (issue 41): the account's second factors and sessions. The authenticator app
 * is set up (QR code and secret, confirmed by a first code; ten recovery codes shown once),
 * turned off or given new recovery codes; passkeys have their own section; the sessions list
 * ends any other session or all of them. Staff sent here by STAFF_MFA=required are told why and
 * offered the way back once a factor is on. Every form is a plain POST with an `intent`.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { Trans, useTranslation } from "react-i18next";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticatorSection, type AuthenticatorIntent } from "~/components/account/security/authenticator-section";
import { PasskeysSection } from "~/components/account/security/passkeys-section";
import { SecuritySection } from "~/components/account/security/security-section";
import { SessionsSection, type SessionRow } from "~/components/account/security/sessions-section";
import { formatCardDate, isoDate } from "~/lib/dates";
import { describeLastUsed } from "~/lib/last-used";
import { translatedMeta } from "~/lib/meta";
import { isStaff } from "~/lib/roles";
import { RECOVERY_CODE_COUNT, TotpConfirmSchema, TotpDisableSchema, WRONG_CODE } from "~/lib/schemas/mfa";
import { securityMessageKey } from "~/lib/security-messages";
import { describeUserAgent } from "~/lib/user-agent";
import { confirmTotp, disableTotp, hasSecondFactor, passkeyCount } from "~/models/mfa/factors.server";
import { listPasskeys } from "~/models/mfa/passkeys.server";
import { recoveryCodesLeft } from "~/models/mfa/recovery-codes.server";
import { renewRecoveryCodes } from "~/models/mfa/renew-recovery-codes.server";
import { pendingTotpEnrolment, startTotpEnrolment, totpEnabled } from "~/models/mfa/totp.server";
import { findUserSessionByHandle, listNamedSessions } from "~/models/session-handles.server";
import { deleteOtherSessions, deleteUserSession, markSessionMfa } from "~/models/session.server";
import { localMessage } from "~/utils/auth-messages.server";
import { getEnv } from "~/utils/env.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { qrCodeDataUrl } from "~/utils/qr-code.server";
import { safeRedirect } from "~/utils/redirect";
import { destroySession, readSessionId, requireUser } from "~/utils/session.server";
import { mayAddFactor } from "~/utils/step-up.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["account", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const LOGIN_DESCRIPTION = "account:securityPage.loginToManage";
const CODE_FIELDS = ["password", "code"];

/** A conform reply with its messages (schema keys, the models' English refusals) in t's language. */
function localReply<R extends SubmissionResult<string[]>>(t: TFunction, reply: R): R {
  if (!reply.error) return reply;
  const error: Record<string, string[] | null> = {};
  for (const [field, messages] of Object.entries(reply.error)) {
    error[field] = messages ? messages.map((message) => localMessage(t, securityMessageKey(message))) : messages;
  }
  return { ...reply, error };
}

/** This page with its query (a staff member's redirectTo survives every form). */
function here(request: Request) {
  return `/profile/security${new URL(request.url).search}`;
}

/** The page to go back to after enrolling, when one was given. */
function continueTarget(request: Request): string | null {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirectTo ? safeRedirect(redirectTo) : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: LOGIN_DESCRIPTION });
  const { t, language } = await requestT(request, "account");
  const currentId = await readSessionId(request);
  const enabled = totpEnabled(user.id);
  const pending = enabled ? null : pendingTotpEnrolment(user.id);
  const now = new Date();
  const sessions: SessionRow[] = listNamedSessions(user.id, currentId).map((session) => ({
    handle: session.handle,
    device: session.device,
    signedIn: formatCardDate(session.createdAt, undefined, language),
    signedInIso: isoDate(session.createdAt),
    lastUsed: describeLastUsed(t, session.lastSeenAt ?? session.createdAt, now, language),
    current: session.current,
  }));
  return {
    username: user.username,
    issuer: `${getEnv().TOWN_NAME} BTR`,
    staffMustEnrol: getEnv().STAFF_MFA === "required" && isStaff(user) && !hasSecondFactor(user.id),
    totp: {
      enabled,
      recoveryCodesLeft: enabled ? recoveryCodesLeft(user.id) : 0,
      recoveryCodesTotal: RECOVERY_CODE_COUNT,
      pending: pending ? { qrCode: await qrCodeDataUrl(pending.otpauthUrl), secret: pending.secret, otpauthUrl: pending.otpauthUrl } : null,
    },
    passkeys: listPasskeys(user.id),
    sessions,
    meta: pageMetaText(t, t("securityPage.title"), t("securityPage.description")),
  };
}

type ActionResult = {
  intent: AuthenticatorIntent;
  result: SubmissionResult<string[]>;
  /** Shown once, on this answer only. */
  recoveryCodes?: string[];
  continueTo?: string | null;
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { description: LOGIN_DESCRIPTION });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t: tr } = await requestT(request, ["account", "auth"]);
  const t = (key: string, values?: Record<string, string | number>) => tr(`account:securityPage.toasts.${key}`, values) as string;
  const alreadyOn = () => redirectWithToast(here(request), { title: t("alreadyOnTitle"), description: t("alreadyOn") });

  if ((intent === "totp-start" || intent === "totp-confirm") && !totpEnabled(user.id) && !(await mayAddFactor(request))) {
    throw await redirectWithToast(`/step-up?${new URLSearchParams({ redirectTo: here(request) })}`, {
      title: t("confirmFirstTitle"),
      description: t("confirmFirst"),
    });
  }

  if (intent === "totp-start") {
    if (!startTotpEnrolment(user.id)) return alreadyOn();
    return redirectWithToast(here(request), { title: t("setupStartedTitle"), description: t("setupStarted") });
  }

  if (intent === "totp-confirm") {
    const submission = parseWithZod(formData, { schema: TotpConfirmSchema });
    if (submission.status !== "success") {
      return data<ActionResult>({ intent, result: localReply(tr, submission.reply({ hideFields: ["code"] })) }, { status: 400 });
    }
    if (totpEnabled(user.id)) {
      // The same form sent twice (a reload of the answer page): the codes were shown the first time.
      return alreadyOn();
    }
    if (!pendingTotpEnrolment(user.id)) {
      return redirectWithToast(here(request), {
        title: t("setupNotStartedTitle"),
        description: t("setupNotStarted"),
        variant: "destructive",
      });
    }
    const codes = confirmTotp(user.id, submission.value.code);
    if (!codes) {
      return data<ActionResult>(
        { intent, result: localReply(tr, submission.reply({ fieldErrors: { code: [WRONG_CODE] }, hideFields: ["code"] })) },
        { status: 400 },
      );
    }
    // The person just typed a code from the factor: this session need not ask for one again.
    const sessionId = await readSessionId(request);
    if (sessionId) markSessionMfa(sessionId);
    return dataWithToast<ActionResult>(
      request,
      { intent, result: submission.reply({ resetForm: true }), recoveryCodes: codes, continueTo: continueTarget(request) },
      { title: t("turnedOnTitle"), description: t("turnedOn") },
    );
  }

  if (intent === "totp-disable" || intent === "recovery-codes") {
    const submission = parseWithZod(formData, { schema: TotpDisableSchema });
    if (submission.status !== "success") {
      return data<ActionResult>({ intent, result: localReply(tr, submission.reply({ hideFields: CODE_FIELDS })) }, { status: 400 });
    }
    const { password, code } = submission.value;
    if (intent === "totp-disable") {
      const outcome = await disableTotp(user.id, password, code);
      if (!outcome.ok) {
        return data<ActionResult>(
          { intent, result: localReply(tr, submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: CODE_FIELDS })) },
          { status: 400 },
        );
      }
      return redirectWithToast(here(request), {
        title: t("turnedOffTitle"),
        description: passkeyCount(user.id) > 0 ? t("turnedOffPasskeys") : t("turnedOffPassword"),
      });
    }
    const outcome = await renewRecoveryCodes(user.id, password, code);
    if (!outcome.ok) {
      return data<ActionResult>(
        { intent, result: localReply(tr, submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields: CODE_FIELDS })) },
        { status: 400 },
      );
    }
    return dataWithToast<ActionResult>(
      request,
      { intent, result: submission.reply({ resetForm: true }), recoveryCodes: outcome.codes },
      { title: t("newCodesTitle"), description: t("newCodes") },
    );
  }

  if (intent === "end-session") {
    const handle = formData.get("handle");
    const session = typeof handle === "string" ? findUserSessionByHandle(user.id, handle) : null;
    if (session && session.id === (await readSessionId(request))) {
      // Ending this very session is signing out.
      const cookie = await destroySession(request);
      return redirectWithToast("/login", { title: t("signedOutTitle"), description: t("signedOut") }, { headers: { "Set-Cookie": cookie } });
    }
    if (!session || !deleteUserSession(user.id, session.id)) {
      return redirectWithToast(here(request), {
        title: t("sessionNotFoundTitle"),
        description: t("sessionNotFound"),
        variant: "destructive",
      });
    }
    return redirectWithToast(here(request), {
      title: t("sessionEndedTitle"),
      description: t("sessionEnded", { device: describeUserAgent(session.userAgent) }),
    });
  }

  if (intent === "end-other-sessions") {
    const others = deleteOtherSessions(user.id, await readSessionId(request));
    return redirectWithToast(here(request), {
      title: t("othersEndedTitle"),
      description: others === 1 ? t("othersEndedOne") : t("othersEndedMany", { n: others }),
    });
  }

  throw data("Unknown form action", { status: 400 });
}

export default function SecurityPage() {
  const { t } = useTranslation("account");
  const { username, issuer, staffMustEnrol, totp, passkeys, sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = (intent: AuthenticatorIntent) => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/profile?tab=password" className="text-sm text-primary-700 underline dark:text-primary-100">
        {t("securityPage.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t("securityPage.heading")}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        <Trans t={t} i18nKey="securityPage.signedInAs" values={{ username }} components={{ name: <span className="font-medium" /> }} />
      </p>

      {staffMustEnrol ? (
        <div
          role="alert"
          className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">{t("securityPage.staffMustEnrol")}</p>
        </div>
      ) : null}

      <AuthenticatorSection
        totp={totp}
        username={username}
        issuer={issuer}
        lastResult={lastResult}
        newCodes={actionData?.recoveryCodes}
        continueTo={actionData?.continueTo}
      />

      <SecuritySection id="passkeys" title={t("securityPage.passkeysTitle")}>
        <PasskeysSection passkeys={passkeys} />
      </SecuritySection>

      <SessionsSection sessions={sessions} />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
