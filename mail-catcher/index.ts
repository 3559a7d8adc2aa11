/**
 * The local SMTP server: what `npm start` (without SMTP_URL), the tests and the e2e server send
 * mail to. It is a real SMTP server (smtp-server from npm): nodemailer talks SMTP to it exactly as
 * it would to the town's provider. It accepts every message, keeps it in memory (`messages`, for
 * tests) and, with `dir`, writes the raw message to `<dir>/<...>.eml` for /admin/mail.
 * No route imports it.
 */
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { rawMessageId, storedFileName } from "~/services/mail-store.server";

export type CaughtMessage = {
  raw: Buffer;
  from: string | null;
  to: string[];
  messageId: string | null;
  receivedAt: Date;
};

export type MailCatcher = {
  port: number;
  url: string;
  messages: CaughtMessage[];
  close: () => Promise<void>;
};

export async function startMailCatcher({
  port = 0,
  host = "127.0.0.1",
  dir,
  log,
  refuseRecipient,
  messages = [],
}: {
  port?: number;
  host?: string;
  dir?: string;
  log?: (message: string) => void;
  /** Answer 550 for these recipients (tests of permanent failures). */
  refuseRecipient?: (address: string) => boolean;
  /** Where received messages are pushed (a test keeps one list across a restart). */
  messages?: CaughtMessage[];
} = {}): Promise<MailCatcher> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no certificate to trust, nothing leaves the machine.
    disabledCommands: ["STARTTLS", "AUTH"],
    banner: "local mail catcher",
    size: 25 * 1024 * 1024,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseRecipient?.(address.address)) {
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const receivedAt = new Date();
        const messageId = rawMessageId(raw);
        const message: CaughtMessage = {
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId,
          receivedAt,
        };
        try {
          if (dir) fs.writeFileSync(path.join(dir, storedFileName(receivedAt, ++seq, messageId)), raw);
        } catch (error) {
          callback(error as Error);
          return;
        }
        messages.push(message);
        log?.(`received ${messageId ?? "(no Message-ID)"} for ${message.to.join(", ")}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => log?.(`error: ${error.message}`));
  const address = (server as unknown as { server: { address(): { port: number } } }).server.address();
  return {
    port: address.port,
    url: `smtp://${host}:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
