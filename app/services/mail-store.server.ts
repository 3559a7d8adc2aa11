/**
 * The local SMTP server's mailbox (mail-catcher/ writes it, /admin/mail reads it): one raw
 * .eml file per message received, under MAIL_STORE_DIR, named so that a message can be found by
 * its Message-ID: `<received ms>-<seq>-<sha256(Message-ID) first 24 hex>.eml`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "~/utils/env.server";

export function messageIdKey(messageId: string): string {
  return crypto.createHash("sha256").update(messageId.trim().toLowerCase()).digest("hex").slice(0, 24);
}

/** The Message-ID header of a raw message (the header block only). */
export function rawMessageId(raw: Buffer): string | null {
  const end = raw.indexOf("\r\n\r\n");
  const head = raw.subarray(0, end === -1 ? Math.min(raw.length, 64 * 1024) : end).toString("latin1");
  const match = /^message-id:\s*(<[^>\r\n]+>)/im.exec(head);
  return match ? match[1] : null;
}

export function storedFileName(receivedAt: Date, seq: number, messageId: string | null): string {
  const key = messageId ? messageIdKey(messageId) : crypto.randomBytes(12).toString("hex");
  return `${receivedAt.getTime()}-${String(seq).padStart(4, "0")}-${key}.eml`;
}

function storeDir() {
  return path.resolve(getEnv().MAIL_STORE_DIR);
}

/** The raw copies the local server received of this Message-ID, oldest first (none with a real SMTP_URL). */
export function findStoredMessages(messageId: string): { file: string; raw: Buffer }[] {
  const dir = storeDir();
  if (!fs.existsSync(dir)) return [];
  const suffix = `-${messageIdKey(messageId)}.eml`;
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => ({ file: name, raw: fs.readFileSync(path.join(dir, name)) }));
}
