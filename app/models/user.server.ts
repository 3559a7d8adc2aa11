/**
 * Accounts: registration, sign-in, profile, password and account deletion. The pages and the
 * JSON endpoints both call these functions; they never hand out the password hash.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { writable } from "~/db/write-lock.server";
import { businesses, users, type User } from "~/db/schema";
import type { PasswordChangeInput, ProfileInput, RegisterInput } from "~/lib/schemas/auth";
import { getEnv } from "~/utils/env.server";
import { getDummyHash, hashPassword, verifyPassword } from "~/models/password.server";
import type { PublicUser } from "~/lib/types";
import type { Language } from "~/lib/languages";
import { UNCLAIMED } from "./business.server";
import { forgetAttempts, lockoutSeconds, recordAttempt } from "./login-attempt.server";
import { queueWelcome } from "./mail-events.server";
import { deleteOtherSessions } from "./session.server";

export const USERNAME_TAKEN = "Username is already taken";
export const EMAIL_TAKEN = "An account with this email already exists";
export const INVALID_LOGIN = "Invalid username or password";
export const WRONG_CURRENT_PASSWORD = "Failed to update password. Please check your current password";

export type FieldErrors = Record<string, string[]>;
export type Result<T> = ({ ok: true } & T) | { ok: false; fieldErrors: FieldErrors };

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const emptyToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** The name a greeting uses: the first name, else the username. */
export function displayName(user: Pick<User, "firstName" | "username">) {
  return user.firstName?.trim() || user.username;
}

/** The one list of what a user may see of an account: everything but the hash and Stripe customer. */
export function toPublicUser(user: User): PublicUser {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { passwordHash, stripeCustomerId, ...rest } = user;
  return rest;
}

export function getUserById(id: number): PublicUser | null {
  const user = getDb().select().from(users).where(eq(users.id, id)).get();
  return user ? toPublicUser(user) : null;
}

function findByUsername(username: string): User | undefined {
  // Matches the unique index on lower(username).
  return getDb()
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username.trim()})`)
    .get();
}

function usernameTaken(username: string) {
  return findByUsername(username) !== undefined;
}

function emailTaken(email: string, exceptUserId?: number) {
  const condition = exceptUserId
    ? and(eq(users.email, normalizeEmail(email)), ne(users.id, exceptUserId))
    : eq(users.email, normalizeEmail(email));
  return getDb().select({ id: users.id }).from(users).where(condition).get() !== undefined;
}

/**
 * Which unique index a failed write hit (drizzle wraps better-sqlite3's error in `cause`).
 * Two sign-ups racing for one name both pass the pre-check; the index decides, and the loser
 * gets the same field error as anyone else.
 */
function uniqueViolation(error: unknown): "username" | "email" | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || e.message.includes("UNIQUE constraint failed")) {
      if (e.message.includes("users_username_lower_unique") || e.message.includes("users.username")) return "username";
      if (e.message.includes("users_email_unique") || e.message.includes("users.email")) return "email";
    }
  }
  return null;
}

function duplicateErrors(which: "username" | "email"): FieldErrors {
  return which === "username" ? { username: [USERNAME_TAKEN] } : { email: [EMAIL_TAKEN] };
}

export async function registerUser(input: RegisterInput): Promise<Result<{ user: PublicUser }>> {
  const fieldErrors: FieldErrors = {};
  if (usernameTaken(input.username)) fieldErrors.username = [USERNAME_TAKEN];
  if (emailTaken(input.email)) fieldErrors.email = [EMAIL_TAKEN];
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const passwordHash = await hashPassword(input.password);
  await writable();
  try {
    const user = getDb().transaction((tx) => {
      const created = tx
        .insert(users)
        .values({
          username: input.username.trim(),
          email: normalizeEmail(input.email),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
        })
        .returning()
        .get();
      queueWelcome(tx, created.id);
      return created;
    });
    return { ok: true, user: toPublicUser(user) };
  } catch (error) {
    const which = uniqueViolation(error);
    if (which) return { ok: false, fieldErrors: duplicateErrors(which) };
    throw error;
  }
}

/** The user when the password matches; the same time is spent when the username is unknown. */
export async function verifyLogin(username: string, password: string): Promise<PublicUser | null> {
  const user = findByUsername(username);
  if (!user) {
    await verifyPassword(password, await getDummyHash());
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? toPublicUser(user) : null;
}

export type SignInResult =
  | { status: "ok"; user: PublicUser }
  | { status: "invalid" }
  | { status: "locked"; retryAfterSeconds: number };

/** Sign-in with brute-force protection (see login-attempt.server.ts). Does not create the session. */
export async function signIn({
  username,
  password,
  address,
}: {
  username: string;
  password: string;
  address: string;
}): Promise<SignInResult> {
  const retryAfterSeconds = lockoutSeconds(username, address);
  if (retryAfterSeconds > 0) return { status: "locked", retryAfterSeconds };
  const attemptId = recordAttempt(username, address);
  const user = await verifyLogin(username, password);
  if (!user) return { status: "invalid" };
  await writable(); // the password check took ~200 ms: the importer may hold the lock now
  forgetAttempts(attemptId, username);
  return { status: "ok", user };
}

export function updateProfile(userId: number, input: ProfileInput): Result<{ user: PublicUser }> {
  if (emailTaken(input.email, userId)) return { ok: false, fieldErrors: { email: [EMAIL_TAKEN] } };
  try {
    const user = getDb()
      .update(users)
      .set({
        firstName: emptyToNull(input.firstName),
        lastName: emptyToNull(input.lastName),
        email: normalizeEmail(input.email),
        // A new address must be confirmed again before reminders go to it.
        emailVerifiedAt: sql`CASE WHEN ${users.email} = ${normalizeEmail(input.email)} THEN ${users.emailVerifiedAt} ELSE NULL END`,
      })
      .where(eq(users.id, userId))
      .returning()
      .get();
    if (!user) throw new Error(`User ${userId} not found`);
    return { ok: true, user: toPublicUser(user) };
  } catch (error) {
    const which = uniqueViolation(error);
    if (which) return { ok: false, fieldErrors: duplicateErrors(which) };
    throw error;
  }
}

/**
 * Changes the password when the current one is right, and ends every other session of the
 * user (the session `keepSessionId`, the one making the request, stays signed in).
 */
export async function changePassword(
  userId: number,
  input: Pick<PasswordChangeInput, "currentPassword" | "newPassword">,
  keepSessionId: string | null = null,
): Promise<Result<object>> {
  const user = getDb().select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    return { ok: false, fieldErrors: { currentPassword: [WRONG_CURRENT_PASSWORD] } };
  }
  const passwordHash = await hashPassword(input.newPassword);
  await writable();
  getDb().update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
  deleteOtherSessions(userId, keepSessionId);
  return { ok: true };
}

/**
 * Deletes the account after checking its password, in one transaction: the user row, its
 * sessions and claim attempts (ON DELETE CASCADE); payments stay for the town's books with
 * user_id set to NULL; the user's claimed businesses become claimable again, without owner,
 * claim details or subscription. Uploaded licences of those businesses are removed afterwards.
 * Refused while one of those businesses still has a live Stripe subscription.
 */
export async function deleteAccount(
  userId: number,
  password: string,
): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors; renewing?: { id: number; name: string }[] }> {
  const user = getDb().select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    return { ok: false, fieldErrors: { password: ["Incorrect password"] } };
  }
  const db = getDb();
  // A live auto-renewal would keep charging the card with no account left to manage it, so it
  // must be cancelled first (on the business's subscription page).
  const renewing = db
    .select({ id: businesses.id, name: businesses.name })
    .from(businesses)
    .where(
      and(
        eq(businesses.ownerId, userId),
        isNotNull(businesses.stripeSubscriptionId),
        or(isNull(businesses.subscriptionStatus), ne(businesses.subscriptionStatus, "canceled")),
      ),
    )
    .all();
  if (renewing.length > 0) {
    return {
      ok: false,
      fieldErrors: {
        "": [
          `Cancel the auto-renewal subscription of ${renewing.map((b) => b.name).join(", ")} before deleting your account.`,
        ],
      },
      renewing,
    };
  }
  const licenceKeys = db.transaction((tx) => {
    const owned = tx
      .select({ id: businesses.id, licence: businesses.driversLicenseUrl })
      .from(businesses)
      .where(eq(businesses.ownerId, userId))
      .all();
    tx.update(businesses)
      .set({
        ...UNCLAIMED,
        employeeCount: null,
        vehicleCount: null,
        driversLicenseUrl: null,
        stripeSubscriptionId: null,
        subscriptionStatus: null,
        renewalDate: null,
        renewalNotice: null,
      })
      .where(eq(businesses.ownerId, userId))
      .run();
    tx.delete(users).where(eq(users.id, userId)).run();
    return owned.map((b) => b.licence).filter((key): key is string => Boolean(key));
  });
  await removeUploads(licenceKeys);
  return { ok: true };
}

/** Best effort: a leftover file is not worth failing a completed deletion for. */
async function removeUploads(keys: string[]) {
  const root = path.resolve(getEnv().UPLOADS_DIR);
  for (const key of keys) {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) continue;
    await fs.rm(file, { force: true }).catch(() => undefined);
  }
}

/** The owner's language (issue 42): their pages when no cookie says otherwise, and their mail. */
export function setUserLanguage(userId: number, language: Language) {
  getDb().update(users).set({ language }).where(eq(users.id, userId)).run();
}
