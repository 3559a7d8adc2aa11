/**
 * npm run user:promote -- --username X [--revoke]
 *
 * Gives an existing account the administrator role (or, with --revoke, takes it away).
 */
import { parseArgs } from "node:util";
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();

const USAGE = "Usage: npm run user:promote -- --username NAME [--revoke]";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: "string" },
        revoke: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.username?.trim()) {
    console.error(`--username is required.\n${USAGE}`);
    return 2;
  }
  const { setAdminRole } = await import("~/models/admin/users.server");
  const user = setAdminRole(values.username, !values.revoke);
  if (!user) {
    console.error(`No user named ${values.username}.`);
    return 1;
  }
  console.log(values.revoke ? `${user.username} is no longer an administrator.` : `${user.username} is now an administrator.`);
  return 0;
}

process.exitCode = await main();
