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

export type DeliveredCopy = {
  copies: number;
  file: string;
  subject: string;
  from: string;
  to: string;
  date: string | null;
  html: string | null;
  text: string | null;
  headers: { name: string; value: string }[];
  attachments: { filename: string; contentType: string; size: number }[];
};

/** The message as its recipient's mail program reads it: the stored copy, parsed with mailparser. */
export async function readDeliveredCopy(messageId: string): Promise<DeliveredCopy | null> {
  const copies = findStoredMessages(messageId);
  const last = copies.at(-1);
  if (!last) return null;
  const { simpleParser } = await import("mailparser");
  const parsed = await simpleParser(last.raw);
  const address = (value: unknown) =>
    Array.isArray(value) ? value.map((v: { text: string }) => v.text).join(", ") : ((value as { text?: string } | undefined)?.text ?? "");
  const shownHeaders = ["list-unsubscribe", "list-unsubscribe-post", "message-id"];
  return {
    copies: copies.length,
    file: last.file,
    subject: parsed.subject ?? "",
    from: address(parsed.from),
    to: address(parsed.to),
    date: parsed.date ? parsed.date.toISOString() : null,
    html: typeof parsed.html === "string" ? parsed.html : null,
    text: parsed.text ?? null,
    headers: parsed.headerLines
      .filter((h) => shownHeaders.includes(h.key))
      .map((h) => ({ name: h.line.slice(0, h.line.indexOf(":")), value: h.line.slice(h.line.indexOf(":") + 1).trim() })),
    attachments: parsed.attachments.map((a, i) => ({
      filename: a.filename ?? `attachment-${i + 1}`,
      contentType: a.contentType,
      size: a.size,
    })),
  };
}

/** One attachment of the stored copy, for download. */
export async function readDeliveredAttachment(messageId: string, index: number) {
  const last = findStoredMessages(messageId).at(-1);
  if (!last) return null;
  const { simpleParser } = await import("mailparser");
  const parsed = await simpleParser(last.raw);
  const attachment = parsed.attachments[index];
  if (!attachment) return null;
  return { filename: attachment.filename ?? `attachment-${index + 1}`, contentType: attachment.contentType, content: attachment.content };
}
