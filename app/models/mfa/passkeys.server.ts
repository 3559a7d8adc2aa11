/**
 * Passkeys (WebAuthn, issue 41): registered by a signed-in person (several, each named), then
 * used as a second factor (the sign-in's second step, a staff step-up) and, being discoverable
 * credentials, to sign in without the password. @simplewebauthn/server does the ceremony's
 * checks; this module keeps the challenges (single use, 5 minutes, ~/models/mfa/challenges),
 * the credentials and their counters, and tells the owner of every passkey added or removed
 * (factors.server's security event, in the transaction that makes the change).
 *
 * The relying party (the site as people reach it) is the caller's: ~/utils/passkeys.server
 * derives it from APP_URL or the request, and registers the step-up's passkey check.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { writable } from "~/db/write-lock.server";
import { passkeys } from "~/db/schema";
import type { PublicUser } from "~/lib/types";
import { consumeChallenge, createChallenge, findChallenge, type ChallengePurpose } from "~/models/mfa/challenges.server";
import { forgetTrustedDevices } from "~/models/mfa/devices.server";
import { hasSecondFactor, recordSecurityEvent } from "~/models/mfa/factors.server";
import { deleteRecoveryCodes } from "~/models/mfa/recovery-codes.server";

/** Who the passkeys are for: the host (rpID) and origin people reach the site at, and its name. */
export type RelyingParty = { rpID: string; rpName: string; origin: string };

export type PasskeyListing = {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/** The user's passkeys, oldest first. */
export function listPasskeys(userId: number): PasskeyListing[] {
  return getDb()
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.name))
    .all();
}

export const PASSKEY_NAME_TAKEN = "You already have a passkey with that name";
export const PASSKEY_NOT_FOUND = "That passkey was not found";
export const CHALLENGE_EXPIRED = "The passkey request expired or was already used. Please try again";
export const PASSKEY_UNKNOWN = "This passkey is not registered with this service";
export const PASSKEY_NOT_VERIFIED = "The passkey could not be verified";

/** True when another of the user's passkeys (not `exceptId`) has this name (case-insensitive). */
export function passkeyNameTaken(userId: number, name: string, exceptId?: string): boolean {
  const conditions = [eq(passkeys.userId, userId), sql`lower(${passkeys.name}) = lower(${name})`];
  if (exceptId) conditions.push(ne(passkeys.id, exceptId));
  return (
    getDb()
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(and(...conditions))
      .get() !== undefined
  );
}

/** The user's passkeys as WebAuthn credential descriptors (to exclude, or to allow). */
function credentialsOf(userId: number) {
  return getDb()
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .all()
    .map((p) => ({ id: p.id, transports: transportsOf(p.transports) }));
}

function transportsOf(json: string | null): AuthenticatorTransport[] | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is AuthenticatorTransport => typeof t === "string") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The user handle the authenticator stores with a passkey: the same for every passkey of an
 * account (so one authenticator keeps one passkey per account), and no personal detail.
 */
function userHandle(userId: number) {
  return new TextEncoder().encode(`u${userId}`);
}

function userHandleMatches(handle: string | undefined, userId: number): boolean {
  if (!handle) return true; // only discoverable sign-ins must send it
  return Buffer.from(handle, "base64url").equals(Buffer.from(userHandle(userId)));
}

export type Failure = {
  ok: false;
  status: 400 | 401 | 404 | 409;
  message: string;
};
const failure = (status: Failure["status"], message: string): Failure => ({
  ok: false,
  status,
  message,
});

/* ------------------------------------------------------------------ registration */

export type CeremonyStart<O> = { challengeId: string; options: O };

/** Options for the browser's `navigator.credentials.create` (startRegistration), and the challenge's id. */
export async function startPasskeyRegistration(
  user: Pick<PublicUser, "id" | "username" | "firstName" | "lastName">,
  rp: RelyingParty,
): Promise<CeremonyStart<PublicKeyCredentialCreationOptionsJSON>> {
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.username,
    userDisplayName: displayName,
    userID: userHandle(user.id),
    attestationType: "none",
    // One passkey per authenticator and account.
    excludeCredentials: credentialsOf(user.id),
    // Discoverable, so that it can also sign in without the password.
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "preferred",
    },
  });
  await writable();
  const challenge = createChallenge("passkey-register", {
    userId: user.id,
    challenge: options.challenge,
  });
  return { challengeId: challenge.id, options };
}

export type Registered = {
  ok: true;
  passkey: PasskeyListing;
  firstFactor: boolean;
};

/**
 * Checks the browser's answer to the registration's challenge (once: the challenge is spent
 * whatever the outcome) and stores the passkey under `name`, telling the owner.
 */
export async function finishPasskeyRegistration(
  userId: number,
  rp: RelyingParty,
  { challengeId, name, response }: { challengeId: string; name: string; response: RegistrationResponseJSON },
): Promise<Registered | Failure> {
  const challenge = findChallenge(challengeId, "passkey-register");
  if (!challenge || challenge.userId !== userId || !challenge.challenge) return failure(400, CHALLENGE_EXPIRED);
  await writable();
  if (!consumeChallenge(challenge.id)) return failure(400, CHALLENGE_EXPIRED);
  if (passkeyNameTaken(userId, name)) return failure(409, PASSKEY_NAME_TAKEN);

  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    return failure(400, `${PASSKEY_NOT_VERIFIED}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!verification.verified) return failure(400, PASSKEY_NOT_VERIFIED);
  const { credential } = verification.registrationInfo;

  await writable();
  return getDb().transaction((tx): Registered | Failure => {
    if (tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id)).get()) {
      return failure(409, "This passkey is already registered");
    }
    const firstFactor = !hasSecondFactor(userId);
    const transports = credential.transports ?? response.response.transports;
    const row = tx
      .insert(passkeys)
      .values({
        id: credential.id,
        userId,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: transports?.length ? JSON.stringify(transports) : null,
        name,
      })
      .returning({
        id: passkeys.id,
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
      })
      .get();
    recordSecurityEvent(tx, userId, {
      kind: "factor-added",
      factor: `The passkey "${name}"`,
    });
    return { ok: true, passkey: row, firstFactor };
  }, { behavior: "immediate" });
}

/* ---------------------------------------------------------------- authentication */

/** Which ceremony an assertion answers: each has its own challenge purpose. */
export type AssertionPurpose = Extract<ChallengePurpose, "passkey-sign-in" | "passkey-step-up">;

/**
 * Options for `navigator.credentials.get` (startAuthentication). For a user (the second step,
 * the step-up): their passkeys, user presence enough (the password or session is the other
 * factor). Without one (the passwordless sign-in): any discoverable passkey of this site, and
 * user verification required, since the passkey is then both factors.
 */
export async function startPasskeyAuthentication(
  purpose: AssertionPurpose,
  rp: RelyingParty,
  userId: number | null,
): Promise<CeremonyStart<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: userId === null ? [] : credentialsOf(userId),
    userVerification: userId === null ? "required" : "preferred",
  });
  await writable();
  const challenge = createChallenge(purpose, {
    userId,
    challenge: options.challenge,
  });
  return { challengeId: challenge.id, options };
}

export type Asserted = { ok: true; userId: number; passkeyId: string };

/**
 * Checks an assertion against its challenge (spent whatever the outcome) and the passkey it
 * names: the passkey must belong to `userId` when the challenge was for a user, or be anyone's
 * for a passwordless one (`userId` null). On success the signature counter and last use are
 * recorded.
 */
export async function verifyPasskeyAssertion(
  purpose: AssertionPurpose,
  rp: RelyingParty,
  {
    challengeId,
    response,
    userId,
  }: {
    challengeId: string;
    response: AuthenticationResponseJSON;
    userId: number | null;
  },
): Promise<Asserted | Failure> {
  const challenge = findChallenge(challengeId, purpose);
  if (!challenge || challenge.userId !== userId || !challenge.challenge) return failure(400, CHALLENGE_EXPIRED);
  await writable();
  if (!consumeChallenge(challenge.id)) return failure(400, CHALLENGE_EXPIRED);

  const credentialId = typeof response?.id === "string" ? response.id : "";
  const passkey = credentialId ? getDb().select().from(passkeys).where(eq(passkeys.id, credentialId)).get() : undefined;
  if (!passkey) return failure(404, PASSKEY_UNKNOWN);
  if (userId !== null && passkey.userId !== userId) return failure(400, "This passkey belongs to another account");
  if (!userHandleMatches(response.response?.userHandle, passkey.userId)) return failure(400, PASSKEY_NOT_VERIFIED);

  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: userId === null,
    });
  } catch (error) {
    return failure(400, `${PASSKEY_NOT_VERIFIED}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!verification.verified) return failure(400, PASSKEY_NOT_VERIFIED);

  await writable();
  // Guarded on the counter read: of two answers racing with one counter value, one counts.
  const updated = getDb()
    .update(passkeys)
    .set({
      counter: verification.authenticationInfo.newCounter,
      lastUsedAt: new Date(),
    })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id })
    .all();
  if (updated.length !== 1) return failure(400, PASSKEY_NOT_VERIFIED);
  return { ok: true, userId: passkey.userId, passkeyId: passkey.id };
}

/* ------------------------------------------------------------ rename and remove */

/** Renames one of the user's passkeys. */
export function renamePasskey(userId: number, id: string, name: string): { ok: true } | Failure {
  if (passkeyNameTaken(userId, name, id)) return failure(409, PASSKEY_NAME_TAKEN);
  const changed = getDb()
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
    .all();
  return changed.length === 1 ? { ok: true } : failure(404, PASSKEY_NOT_FOUND);
}

/**
 * Removes one of the user's passkeys (someone else's is "not found") and tells the owner.
 * Trusted browsers are forgotten; when it was the account's last factor, the recovery codes go.
 */
export function removePasskey(userId: number, id: string): { ok: true; name: string } | Failure {
  return getDb().transaction((tx) => {
    const removed = tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ name: passkeys.name })
      .get();
    if (!removed) return failure(404, PASSKEY_NOT_FOUND);
    // As when the authenticator is turned off: no browser skips the factor on old trust, and
    // with no factor left the recovery codes open nothing and go.
    forgetTrustedDevices(userId);
    if (!hasSecondFactor(userId)) deleteRecoveryCodes(tx, userId);
    recordSecurityEvent(tx, userId, {
      kind: "factor-removed",
      factor: `The passkey "${removed.name}"`,
    });
    return { ok: true as const, name: removed.name };
  });
}
