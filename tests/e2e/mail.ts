/**
 * The e2e server sends mail over SMTP to its local SMTP server (tests/support/e2e-server.ts),
 * which stores each message as an .eml file; tests read them back with mailparser.
 */
import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";

export const mailDir = () => path.resolve(`.cache/e2e-${process.env.E2E_PORT ?? "3100"}`, "mail");

async function allMail(): Promise<ParsedMail[]> {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".eml")).sort();
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
}

const addressedTo = (mail: ParsedMail, address: string) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).some((a) =>
    a.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()),
  );

/** Waits until `count` messages to `address` (with this subject, if given) have arrived. */
export async function waitForMail(address: string, { subject, count = 1, timeout = 20_000 }: { subject?: string; count?: number; timeout?: number } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await allMail()).filter((m) => addressedTo(m, address) && (!subject || m.subject === subject));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subject ?? "*"}" to ${address} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The path (and query) of the first link in the text part under `prefix`. */
export function linkPath(mail: ParsedMail, prefix: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${prefix.replace(/\//g, "\\/")}[^\\s]*)`).exec(mail.text ?? "");
  if (!match) throw new Error(`No ${prefix} link in:\n${mail.text}`);
  return match[1];
}
