/**
 * Sending email over SMTP with nodemailer (SMTP_URL, MAIL_FROM). There is no other transport:
 * without SMTP_URL, `npm start`, the tests and the e2e server run the local SMTP server in
 * `mail-catcher/`, which stores what it receives for /admin/mail.
 * The outbox (app/models/outbox.server.ts) is the only caller.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "~/utils/env.server";

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The outbox row's stable Message-ID, e.g. `<outbox-12.ab12@pembrokepark.example>`. */
  messageId: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};

export class MailNotConfiguredError extends Error {
  constructor() {
    super("SMTP_URL is not set: no SMTP server to send mail through.");
    this.name = "MailNotConfiguredError";
  }
}

declare global {
  var __mailTransport: { url: string; transporter: Transporter } | undefined;
}

function transport(): Transporter {
  const url = getEnv().SMTP_URL;
  if (!url) throw new MailNotConfiguredError();
  if (global.__mailTransport?.url !== url) {
    global.__mailTransport?.transporter.close();
    global.__mailTransport = {
      url,
      // Short timeouts: an unreachable server fails this attempt quickly and the outbox retries later.
      transporter: nodemailer.createTransport(url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as object),
    };
  }
  return global.__mailTransport.transporter;
}

/** The From of every message: MAIL_FROM, else the town's BTR office address. */
export function mailFrom(): string {
  const env = getEnv();
  return env.MAIL_FROM ?? `"${env.TOWN_NAME} Business Tax Receipts" <${env.TOWN_SUPPORT_EMAIL}>`;
}

/** The domain of Message-IDs: the From address's domain. */
export function mailDomain(): string {
  const match = /@([^>\s]+)>?\s*$/.exec(mailFrom());
  return match ? match[1].toLowerCase() : "localhost";
}

/** Sends one message; resolves with the server's acceptance line, rejects with its error. */
export async function sendMail(mail: OutgoingMail): Promise<{ response: string }> {
  const info = await transport().sendMail({
    from: mailFrom(),
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers,
    attachments: mail.attachments,
  });
  const rejected = (info.rejected ?? []).map(String);
  if (rejected.length > 0 && (info.accepted ?? []).length === 0) {
    throw Object.assign(new Error(`Recipient refused: ${rejected.join(", ")}`), { permanent: true });
  }
  return { response: String(info.response ?? "") };
}

/**
 * A failure that retrying cannot fix: the server answered 5xx (mailbox unknown, message refused).
 * Connection errors, timeouts and 4xx answers are temporary.
 */
export function isPermanentFailure(error: unknown): boolean {
  const e = error as { permanent?: boolean; responseCode?: number; code?: string };
  if (e?.permanent) return true;
  if (error instanceof MailNotConfiguredError) return false;
  return typeof e?.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
}

/** Closes the pooled connection (tests, shutdown). */
export function closeMailTransport() {
  global.__mailTransport?.transporter.close();
  global.__mailTransport = undefined;
}
