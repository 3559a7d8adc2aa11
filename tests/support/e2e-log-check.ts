/**
 * Playwright's global teardown: the e2e server's JSON log (tests/support/e2e-server.ts writes it
 * to .cache/e2e-<port>/server.log, one per server) must hold none of the secrets the tests typed or received:
 * passwords, verification codes, card numbers, session cookies, or the tokens of reset,
 * verification and unsubscribe links; nor a translation key a page rendered for want of its text.
 * Run after the whole suite, so it reads this run's log.
 */
import fs from "node:fs";
import { E2E_SERVER_NAMES, e2eServer } from "./e2e-servers";

/** What the e2e tests type: passwords, the demo verification code, test card numbers, the cookie's name. */
export const TYPED_SECRETS = [
  "demo-user-1",
  "admin-demo-1",
  "e2e-pass-1",
  "e2e-pass-2",
  "brand-new-1",
  "api-pass-1",
  "not-my-password",
  "4242424242424242",
  "4242 4242 4242 4242",
  "1234567",
  "__session=",
];

/** Secrets the tests receive rather than type: link tokens, Stripe keys. */
const SECRET_PATTERNS = [/\/(?:reset-password|verify-email|unsubscribe)\/[^"/\s?]{16,}/, /sk_test_\w+/, /whsec_\w+/];

/** Each secret found in a log, by what it is. */
export function secretsIn(log: string): string[] {
  const found: string[] = TYPED_SECRETS.filter((s) => log.includes(s));
  for (const pattern of SECRET_PATTERNS) {
    const match = pattern.exec(log);
    if (match) found.push(match[0]);
  }
  return found;
}

/** Every e2e server's log (tests/support/e2e-servers.ts: the main one and the July 1 one). */
export default async function checkE2eLog() {
  for (const name of E2E_SERVER_NAMES) {
    const file = e2eServer(name).logFile;
    if (!fs.existsSync(file)) throw new Error(`The e2e server wrote no log at ${file}`);
    const log = fs.readFileSync(file, "utf8");
    if (!/"msg":"request"/.test(log)) throw new Error(`${file} holds no request lines`);
    const found = secretsIn(log);
    if (found.length > 0) throw new Error(`Secrets in the e2e server's log (${file}): ${found.join(", ")}`);
    // A page that rendered a translation key instead of text (app/utils/i18n.server.ts logs each).
    const missing = [...new Set([...log.matchAll(/"i18nMissingKey":"([^"]+)"/g)].map((m) => m[1]))];
    if (missing.length > 0) throw new Error(`Pages rendered translation keys that exist in no language (${file}): ${missing.join(", ")}`);
  }
}
