import path from "node:path";
import type { Env } from "~/utils/env.server";
import { startMailCatcher } from "../../mail-catcher/index";

export const DEMO_MAIL_PORT = 2525;

/**
 * Without SMTP_URL, mail goes to the local SMTP server (mail-catcher/), which keeps every
 * message under MAIL_STORE_DIR for the administrators' Mail outbox page (/admin/mail).
 * Returns the variables the app must run with, and a stopper.
 */
export async function startDemoMail(
  env: Env,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  if (env.SMTP_URL) return { env: {}, close: async () => {} };
  const dir = path.resolve(env.MAIL_STORE_DIR);
  const start = (port: number) => startMailCatcher({ port, dir, log: quiet ? undefined : (m) => console.log(`[mail] ${m}`) });
  const catcher = await start(DEMO_MAIL_PORT).catch(() => start(0));
  if (!quiet) {
    console.log(
      `SMTP_URL not set: mail goes to the local SMTP server at ${catcher.url} and is kept in ${dir}; administrators read it at /admin/mail.`,
    );
  }
  return { env: { SMTP_URL: catcher.url, MAIL_STORE_DIR: dir }, close: () => catcher.close() };
}
