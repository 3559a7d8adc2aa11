/**
 * The browsers an account has signed in from, known by a random id in a long-lived cookie
 * (stored hashed). A sign-in from a browser the account has not used before is told to the
 * owner; an owner (never staff) may trust a browser for 30 days so it skips the second factor.
 */
import crypto from "node:crypto";
import { and, count, eq, gt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { userDevices } from "~/db/schema";
import { TRUSTED_DEVICE_MS } from "~/lib/schemas/mfa";

const hash = (deviceId: string) => crypto.createHash("sha256").update(deviceId).digest("hex");

export const newDeviceId = () => crypto.randomBytes(24).toString("base64url");

export function deviceTrusted(userId: number, deviceId: string | null, now = new Date()): boolean {
  if (!deviceId) return false;
  const row = getDb()
    .select({ userId: userDevices.userId })
    .from(userDevices)
    .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceHash, hash(deviceId)), gt(userDevices.trustedUntil, now)))
    .get();
  return Boolean(row);
}

/**
 * Notes that the user signed in from this device. Returns true when the device is new for an
 * account that had signed in from others before (the first device of an account is not news).
 */
export function noteDevice(userId: number, deviceId: string, { trust = false, now = new Date() } = {}): boolean {
  const db = getDb();
  const deviceHash = hash(deviceId);
  const known = db.select({ n: count() }).from(userDevices).where(eq(userDevices.userId, userId)).get()?.n ?? 0;
  const inserted = db
    .insert(userDevices)
    .values({ userId, deviceHash, trustedUntil: trust ? new Date(now.getTime() + TRUSTED_DEVICE_MS) : null })
    .onConflictDoNothing()
    .returning({ userId: userDevices.userId })
    .all();
  if (inserted.length === 0 && trust) {
    db.update(userDevices)
      .set({ trustedUntil: new Date(now.getTime() + TRUSTED_DEVICE_MS) })
      .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceHash, deviceHash)))
      .run();
  }
  return inserted.length === 1 && known > 0;
}

/** Removing or changing factors ends every trust: the next sign-in asks again. */
export function forgetTrustedDevices(userId: number) {
  getDb().update(userDevices).set({ trustedUntil: null }).where(eq(userDevices.userId, userId)).run();
}
