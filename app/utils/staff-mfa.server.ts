/**
 * STAFF_MFA=required (issue 41): staff pages are refused until the account has a second factor
 * (sent to enrol) and the session has passed it (sent to /step-up); the JSON door answers 403
 * mfa_required. Called by the staff guards in ~/utils/session.server.
 */
import { redirect } from "@remix-run/node";
import type { Session } from "~/db/schema";
import { isStaff } from "~/lib/roles";
import { MFA_REQUIRED } from "~/lib/schemas/mfa";
import type { PublicUser } from "~/lib/types";
import { hasSecondFactor } from "~/models/mfa/factors.server";
import { getEnv } from "~/utils/env.server";

export const STAFF_MFA_SETUP_PATH = "/profile/security";

/** Throws the redirect (pages) or the 403 (JSON) when STAFF_MFA=required is not met; returns otherwise. */
export function staffMfaGate(session: Session, user: PublicUser, request: Request, { api }: { api: boolean }) {
  if (getEnv().STAFF_MFA !== "required" || !isStaff(user)) return;
  const enrolled = hasSecondFactor(user.id);
  if (enrolled && session.mfaAt !== null) return;
  if (api) throw Response.json({ error: { message: MFA_REQUIRED, code: "mfa_required" } }, { status: 403 });
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`${enrolled ? "/step-up" : STAFF_MFA_SETUP_PATH}?${new URLSearchParams({ redirectTo: back })}`);
}
