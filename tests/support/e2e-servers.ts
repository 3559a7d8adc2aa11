/**
 * The e2e servers, one per clock (issue 21): each is tests/support/e2e-server.ts started with
 * E2E_SERVER=<name>, on its own ports and with its own directory (database, uploads, mail, log),
 * so the two never share state. The Playwright config starts both (in parallel); a project says
 * which one its tests talk to (`e2eServer` option, tests/e2e/fixtures.ts).
 *
 * - main: E2E_PORT, its Stripe double on E2E_PORT + 50, its mail catcher on E2E_PORT + 60,
 *   clock E2E_NOW (November 16, 2026);
 * - july: E2E_PORT + 1, + 51, + 61, clock E2E_JULY_NOW (July 1, 2027: next year's receipts on sale).
 */
import path from "node:path";
import { E2E_JULY_NOW, E2E_NOW } from "./e2e-clock";

export const E2E_SERVER_NAMES = ["main", "july"] as const;
export type E2eServerName = (typeof E2E_SERVER_NAMES)[number];

const OFFSET: Record<E2eServerName, number> = { main: 0, july: 1 };
const CLOCK: Record<E2eServerName, string> = { main: E2E_NOW, july: E2E_JULY_NOW };

export type E2eServer = {
  name: E2eServerName;
  port: number;
  stripePort: number;
  mailPort: number;
  /** Its database, uploads, stored mail and JSON log live here. */
  dir: string;
  databasePath: string;
  uploadsDir: string;
  mailDir: string;
  logFile: string;
  /** APP_NOW of the server (and of the fixtures tests make for it). */
  now: string;
  baseURL: string;
};

export function e2eServerName(value: string | undefined): E2eServerName {
  return value && (E2E_SERVER_NAMES as readonly string[]).includes(value) ? (value as E2eServerName) : "main";
}

/** The server `name` of the checkout whose e2e port is `basePort` (E2E_PORT, default 3100). */
export function e2eServer(name: E2eServerName, basePort = Number(process.env.E2E_PORT ?? 3100)): E2eServer {
  const port = basePort + OFFSET[name];
  const dir = path.resolve(`.cache/e2e-${port}`);
  return {
    name,
    port,
    stripePort: port + 50,
    mailPort: port + 60,
    dir,
    databasePath: path.join(dir, "app.db"),
    uploadsDir: path.join(dir, "uploads"),
    mailDir: path.join(dir, "mail"),
    logFile: path.join(dir, "server.log"),
    now: CLOCK[name],
    baseURL: `http://localhost:${port}`,
  };
}
