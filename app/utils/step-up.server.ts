/**
 * Step-up (issue 41): staff actions that move money or power (refunds, counter payments,
 * closing a remittance period, the fee schedule, roles, filings decisions) need a session that
 * passed a second factor in the last 12 hours, when the account has one. A page's action asks
 * `stepUpPrompt`: null to carry on, or the prompt to answer with (the form's own fields ride
 * along in it, so the same action carries on after the code and nothing typed is lost). The JSON
 * door answers 403 mfa_required instead, and POST /api/user/mfa/verify refreshes the session.
 */
import { data } from "@remix-run/node";
import type { Session } from "~/db/schema";
import { isStaff } from "~/lib/roles";
import { CODE_REQUIRED, MFA_REQUIRED, STEP_UP_MS, type MfaMethod } from "~/lib/schemas/mfa";
import type { PublicUser } from "~/lib/types";
import { hasSecondFactor, mfaMethods } from "~/models/mfa/factors.server";
import { markSessionMfa } from "~/models/session.server";
import { securityMessageKey } from "~/lib/security-messages";
import { localMessage } from "~/utils/auth-messages.server";
import { requestT } from "~/utils/i18n.server";
import { checkStepUpPasskey, STEP_UP_PASSKEY_REFUSED } from "~/utils/passkeys.server";
import { checkCodeWithLockout } from "~/utils/sign-in.server";
import { getSession } from "~/utils/session.server";

/** The form fields of the step-up prompt itself (never carried along). */
export const STEP_UP_CODE = "stepUpCode";
export const STEP_UP_PASSKEY = "stepUpPasskey";

export function sessionFresh(session: Session, now = Date.now()): boolean {
  return session.mfaAt !== null && now - session.mfaAt.getTime() < STEP_UP_MS;
}

/** True when this staff session must pass a factor before a step-up action. */
export function stepUpDue(session: Session, user: PublicUser): boolean {
  return isStaff(user) && hasSecondFactor(user.id) && !sessionFresh(session);
}

export type StepUpPromptData = {
  stepUp: {
    /** The submitted form's text fields, to send again with the code. */
    fields: [string, string][];
    methods: MfaMethod[];
    error: string | null;
  };
};

export type FactorCheck = { ok: true } | { ok: false; status: 400 | 401 | 429; message: string; headers?: Record<string, string> };

/**
 * The factor a form sent for this session (a passkey's answer in `stepUpPasskey`, or a code in
 * `stepUpCode`, counted in the lockout): on success the session counts as verified now. Null
 * when the form sent neither (the prompt's first showing).
 */
export async function verifyFormFactor(request: Request, session: Session, user: PublicUser, formData: FormData): Promise<FactorCheck | null> {
  const passkey = await checkStepUpPasskey(request, user, formData.get(STEP_UP_PASSKEY));
  const code = formData.get(STEP_UP_CODE);
  let check: FactorCheck;
  if (passkey !== null) check = passkey ? { ok: true } : { ok: false, status: 401, message: STEP_UP_PASSKEY_REFUSED };
  else if (typeof code === "string" && code.trim()) check = await checkCodeWithLockout(request, user, code.trim());
  else if (code !== null) check = { ok: false, status: 400, message: CODE_REQUIRED };
  else return null;
  if (check.ok) markSessionMfa(session.id);
  return check;
}

/** A factor's refusal (the models' English) in the request's language, as the prompt shows it. */
export async function stepUpRefusal(request: Request, message: string): Promise<string> {
  const { t } = await requestT(request, "auth");
  return localMessage(t, securityMessageKey(message));
}

/**
 * For a page action that needs a step-up: null when the session may go on (fresh, or no factor
 * to ask for, or the code / passkey in this very submission passed); otherwise the 403 prompt.
 */
export async function stepUpPrompt(request: Request, formData: FormData) {
  const current = await getSession(request);
  if (!current || !stepUpDue(current.session, current.user)) return null;
  const check = await verifyFormFactor(request, current.session, current.user, formData);
  if (check?.ok) return null;
  const fields: [string, string][] = [];
  for (const [name, value] of formData) {
    if (typeof value === "string" && name !== STEP_UP_CODE && name !== STEP_UP_PASSKEY) fields.push([name, value]);
  }
  return data<StepUpPromptData>({ stepUp: { fields, methods: mfaMethods(current.user.id), error: check ? await stepUpRefusal(request, check.message) : null } }, { status: 403 });
}

/** For JSON staff endpoints that move money or power: 403 mfa_required until the session is fresh. */
export async function requireApiStepUp(request: Request): Promise<void> {
  const current = await getSession(request);
  if (current && stepUpDue(current.session, current.user)) {
    throw Response.json({ error: { message: MFA_REQUIRED, code: "mfa_required" } }, { status: 403 });
  }
}

/**
 * Adding a factor to an account that already has one needs a session that passed it in the last
 * 12 hours: otherwise a stolen session could add its own factor and then pass every step-up.
 */
export async function mayAddFactor(request: Request): Promise<boolean> {
  const current = await getSession(request);
  return Boolean(current) && (!hasSecondFactor(current!.user.id) || sessionFresh(current!.session));
}

export const CONFIRM_BEFORE_ADDING = "To add another second factor, first confirm it's you with the one you have";

/** For JSON: 403 mfa_required when `mayAddFactor` is false. */
export async function requireApiMayAddFactor(request: Request): Promise<void> {
  if (!(await mayAddFactor(request))) {
    throw Response.json({ error: { message: CONFIRM_BEFORE_ADDING, code: "mfa_required" } }, { status: 403 });
  }
}
