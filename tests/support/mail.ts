/**
 * Mail in integration tests: a real local SMTP server (mail-catcher/) on a random free port per
 * test file, the app pointed at it with SMTP_URL, and what it received read back with mailparser.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../mail-catcher/index";
import { deliverOutbox } from "~/models/outbox.server";
import { closeMailTransport } from "~/services/mail.server";
import { resetEnvCache } from "~/utils/env.server";

export type TestMail = {
  catcher: () => MailCatcher;
  /** Stops the SMTP server (mail is "down"); `start()` brings it back on the same port. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Runs the outbox sender, then parses everything received so far. */
  deliver: () => Promise<ParsedMail[]>;
  received: () => Promise<ParsedMail[]>;
  /** Messages received for this address. */
  to: (address: string) => Promise<ParsedMail[]>;
};

export function setupTestMail(
  options: { refuseRecipient?: (address: string) => boolean; /** Also store .eml files here (MAIL_STORE_DIR, for /admin/mail). */ storeDir?: string } = {},
): TestMail {
  let catcher: MailCatcher | null = null;
  let port = 0;
  const messages: MailCatcher["messages"] = [];
  const start = async () => {
    catcher = await startMailCatcher({ port, refuseRecipient: options.refuseRecipient, messages, dir: options.storeDir });
    port = catcher.port;
    process.env.SMTP_URL = catcher.url;
    if (options.storeDir) process.env.MAIL_STORE_DIR = options.storeDir;
    resetEnvCache();
  };
  beforeAll(start);
  afterAll(async () => {
    closeMailTransport();
    await catcher?.close();
  });
  const received = () => Promise.all(messages.map((m) => simpleParser(m.raw)));
  return {
    catcher: () => catcher!,
    stop: async () => {
      closeMailTransport();
      await catcher!.close();
    },
    start,
    deliver: async () => {
      await deliverOutbox();
      return received();
    },
    received,
    to: async (address) =>
      (await received()).filter((m) => {
        const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
        return to.some((a) => a.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()));
      }),
  };
}

/** The first link in a message's text part that starts with this path. */
export function linkIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/]/g, "\\/")}[^\\s]*`).exec(mail.text ?? "");
  if (!match) throw new Error(`No ${path} link in:\n${mail.text}`);
  return match[0];
}
