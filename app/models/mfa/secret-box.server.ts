/**
 * Encrypts authenticator secrets at rest (AES-256-GCM). The key is MFA_ENCRYPTION_KEY when set,
 * otherwise derived from SESSION_SECRET; every listed session secret is tried when opening, so a
 * rotation of SESSION_SECRET ("new,old") keeps old secrets readable.
 */
import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";

const keys = new Map<string, Buffer>();

function keyFor(material: string): Buffer {
  let key = keys.get(material);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", material, "btr-mfa", "mfa secret box v1", 32));
    keys.set(material, key);
  }
  return key;
}

function materials(): string[] {
  const env = getEnv();
  return env.MFA_ENCRYPTION_KEY ? [env.MFA_ENCRYPTION_KEY] : env.SESSION_SECRETS;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(materials()[0]), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The plain text, or throws when no configured key opens it. */
export function open(sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unreadable sealed secret");
  for (const material of materials()) {
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(material), Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      // the next key, if any
    }
  }
  throw new Error("No configured key opens this authenticator secret (was MFA_ENCRYPTION_KEY or SESSION_SECRET changed?)");
}
