/**
 * New recovery codes for an account that has a second factor, after its password and a current
 * code (an authenticator code or one of the old recovery codes): the old ten stop working and the
 * new ten are returned once, in plain text.
 */
import { getDb } from "~/db/client.server";
import { WRONG_CODE } from "~/lib/schemas/mfa";
import { hasSecondFactor, passwordMatches, verifyCode } from "./factors.server";
import { replaceRecoveryCodes } from "./recovery-codes.server";

export type RenewOutcome = { ok: true; codes: string[] } | { ok: false; field: "password" | "code"; message: string };

export async function renewRecoveryCodes(userId: number, password: string, code: string): Promise<RenewOutcome> {
  if (!(await passwordMatches(userId, password))) return { ok: false, field: "password", message: "Incorrect password" };
  if (!hasSecondFactor(userId)) return { ok: false, field: "code", message: "Turn on the authenticator app first" };
  if (!verifyCode(userId, code)) return { ok: false, field: "code", message: WRONG_CODE };
  return { ok: true, codes: getDb().transaction((tx) => replaceRecoveryCodes(tx, userId), { behavior: "immediate" }) };
}
