/**
 * The messages events cause, each queued in the caller's transaction (see outbox.server.ts).
 * Every function here takes the transaction and ids, renders the message from the rows as they
 * are inside that transaction, and queues it under a key that makes it once per event.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { users, type Business, type User } from "~/db/schema";
import { computeFee } from "~/lib/fee";
import { receiptNumber } from "~/lib/receipt";
import type { AttachmentSource } from "~/mail/attachments.server";
import { mailContext } from "~/mail/context.server";
import {
  claimConfirmationMail,
  receiptMail,
  renewalFailedMail,
  verifyEmailMail,
  welcomeMail,
} from "~/mail/messages";
import { getEnv } from "~/utils/env.server";
import { mailLanguage } from "~/lib/translate.server";
import { enqueueMail, type Conn } from "./outbox.server";
import { paymentWithBusiness } from "./payment-with-business.server";
import { receiptDocument } from "./receipt-document.server";
import { issueToken } from "./user-token.server";

export const VERIFY_EMAIL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const db = (conn: Conn) => conn as Db;

function userRow(conn: Conn, userId: number): User | undefined {
  return db(conn).select().from(users).where(eq(users.id, userId)).get();
}

function verifyUrl(conn: Conn, user: User, now: Date) {
  const token = issueToken(conn, { userId: user.id, purpose: "verify-email", ttlMs: VERIFY_EMAIL_TTL_MS, email: user.email, now });
  return `${mailContext().appUrl}/verify-email/${token}`;
}

/** Welcome, with the link that confirms the address. */
export function queueWelcome(conn: Conn, userId: number, now = new Date()) {
  const user = userRow(conn, userId);
  if (!user) return null;
  return enqueueMail(conn, {
    kind: "welcome",
    dedupeKey: `welcome:${user.id}`,
    to: user.email,
    userId: user.id,
    mail: welcomeMail(mailContext(), { user, verifyUrl: verifyUrl(conn, user, now) }),
    now,
  });
}

/** A fresh confirmation link for the current address (the profile's button). */
export function queueEmailVerification(conn: Conn, userId: number, now = new Date()) {
  const user = userRow(conn, userId);
  if (!user) return null;
  return enqueueMail(conn, {
    kind: "verify-email",
    to: user.email,
    userId: user.id,
    mail: verifyEmailMail(mailContext(), { user, verifyUrl: verifyUrl(conn, user, now) }),
    now,
  });
}

/**
 * The receipt of a recorded payment, to its payer (or the business's owner when the payer is gone).
 * The PDF is drawn when the message is sent, from the receipt's document stored with it, so the
 * attachment says what the message says.
 */
export function queueReceipt(conn: Conn, paymentId: number, now = new Date()) {
  const row = paymentWithBusiness(paymentId, conn);
  if (!row) return null;
  const recipientId = row.payment.userId ?? row.business.ownerId;
  const user = recipientId ? userRow(conn, recipientId) : undefined;
  if (!user) return null;
  return enqueueMail(conn, {
    kind: "receipt",
    dedupeKey: `receipt:${row.payment.id}`,
    to: user.email,
    userId: user.id,
    businessId: row.business.id,
    mail: receiptMail(mailContext(), {
      user,
      business: row.business,
      payment: { ...row.payment, createdAt: row.payment.paidAt ?? row.payment.createdAt },
      receiptNumber: receiptNumber(row.payment),
    }),
    // The attached receipt in the recipient's language, as the message.
    attachments: [{ type: "receipt-pdf", paymentId: row.payment.id, receipt: receiptDocument(row.payment, row.business, mailLanguage(user)) }],
    now,
  });
}

/** The claim went through: to the new owner, once per claim. */
export function queueClaimConfirmation(conn: Conn, business: Business, now = new Date()) {
  const user = business.ownerId ? userRow(conn, business.ownerId) : undefined;
  if (!user) return null;
  return enqueueMail(conn, {
    kind: "claim",
    dedupeKey: `claim:${business.id}:${user.id}:${business.claimedAt?.getTime() ?? now.getTime()}`,
    to: user.email,
    userId: user.id,
    businessId: business.id,
    mail: claimConfirmationMail(mailContext(), {
      user,
      business,
      feeCents: computeFee(business.employeeCount, business.vehicleCount).totalCents,
    }),
    now,
  });
}

/** Stripe could not charge the renewal: once per invoice and attempt. */
export function queueRenewalFailed(
  conn: Conn,
  business: Business,
  invoice: { id: string; attempt: number; amountCents: number | null },
  now = new Date(),
) {
  const user = business.ownerId ? userRow(conn, business.ownerId) : undefined;
  if (!user) return null;
  return enqueueMail(conn, {
    kind: "renewal-failed",
    dedupeKey: `renewal-failed:${invoice.id}:${invoice.attempt}`,
    to: user.email,
    userId: user.id,
    businessId: business.id,
    mail: renewalFailedMail(mailContext(), { user, business, amountCents: invoice.amountCents }),
    now,
  });
}

// ---- unsubscribe links -------------------------------------------------------------------------

function unsubscribeMac(userId: number) {
  return crypto
    .createHmac("sha256", getEnv().SESSION_SECRETS[0])
    .update(`unsubscribe:${userId}`)
    .digest("base64url")
    .slice(0, 32);
}

/** `<userId>.<hmac>`: stops this user's reminders, needs no sign-in, cannot be made for another user. */
export function unsubscribeToken(userId: number) {
  return `${userId}.${unsubscribeMac(userId)}`;
}

export function unsubscribeUrl(userId: number) {
  return `${mailContext().appUrl}/unsubscribe/${unsubscribeToken(userId)}`;
}

/** The user id an unsubscribe token names, if its MAC is right (checked against every secret). */
export function readUnsubscribeToken(token: string): number | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  for (const secret of getEnv().SESSION_SECRETS) {
    const expected = crypto.createHmac("sha256", secret).update(`unsubscribe:${userId}`).digest("base64url").slice(0, 32);
    if (crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(match[2]))) return userId;
  }
  return null;
}

/**
 * Rows queued before receipts travelled whole in the outbox (only `paymentId` in the attachment)
 * get their receipt document now, from the payment's rows, so that they too are sent with the
 * PDF. Run before sending (the send-mail job, and once when the schedule starts); returns how
 * many rows it completed. A row already sent is left as it is.
 */
export function completeQueuedReceipts(conn: Conn = getDb()): number {
  const sqlite = (conn as Db).$client;
  const rows = sqlite
    .prepare(
      `SELECT o.id, o.attachments, u.language FROM outbox o LEFT JOIN users u ON u.id = o.user_id
        WHERE o.status <> 'sent' AND o.attachments LIKE '%"receipt-pdf"%' AND o.attachments NOT LIKE '%"receipt":%'`,
    )
    .all() as { id: number; attachments: string; language: string | null }[];
  let completed = 0;
  for (const row of rows) {
    const sources = JSON.parse(row.attachments) as AttachmentSource[];
    const filled = sources.map((source) => {
      if (source.type !== "receipt-pdf" || source.receipt) return source;
      const found = paymentWithBusiness(source.paymentId, conn);
      return found ? { ...source, receipt: receiptDocument(found.payment, found.business, mailLanguage(row)) } : source;
    });
    if (filled.some((s, i) => s !== sources[i])) {
      sqlite.prepare("UPDATE outbox SET attachments = ? WHERE id = ? AND status <> 'sent'").run(JSON.stringify(filled), row.id);
      completed++;
    }
  }
  return completed;
}
