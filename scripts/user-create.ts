/**
 * npm run user:create -- --username X --email Y [--first-name A] [--last-name B] [--admin] [--password-stdin]
 *
 * Creates an account with the same rules as registration (username of 3+ letters, digits or
 * underscores, unique; valid, unique email; password of 6+ characters). The password is asked
 * twice on the terminal without echo, or read from standard input with --password-stdin.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadDotEnv } from "./lib/load-env";
import { askHidden, readStdin } from "./lib/cli";

loadDotEnv();

const USAGE =
  "Usage: npm run user:create -- --username NAME --email EMAIL [--first-name FIRST] [--last-name LAST] [--admin] [--password-stdin]";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: "string" },
        email: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        admin: { type: "boolean", default: false },
        "password-stdin": { type: "boolean", default: false },
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

  const { RegisterFieldsSchema } = await import("~/lib/schemas/auth");
  const { registerUser } = await import("~/models/user.server");
  const { setAdminRole } = await import("~/models/admin/users.server");

  // Registration's own field rules; names are optional here.
  const Schema = RegisterFieldsSchema.pick({ username: true, email: true, password: true }).extend({
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
  });
  const fields = Schema.omit({ password: true }).safeParse({
    username: values.username ?? "",
    email: values.email ?? "",
    firstName: values["first-name"],
    lastName: values["last-name"],
  });
  if (!fields.success) return fail(fields.error.issues);

  let password: string;
  try {
    if (values["password-stdin"]) password = await readStdin();
    else {
      password = await askHidden("Password: ");
      const confirm = await askHidden("Confirm password: ");
      if (password !== confirm) {
        console.error("confirmPassword: Passwords do not match");
        return 1;
      }
    }
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const parsed = Schema.safeParse({ ...fields.data, password });
  if (!parsed.success) return fail(parsed.error.issues);

  const input = parsed.data;
  const result = await registerUser({
    username: input.username,
    email: input.email,
    password: input.password,
    confirmPassword: input.password,
    firstName: input.firstName ?? "",
    lastName: input.lastName ?? "",
  });
  if (!result.ok) {
    for (const [field, messages] of Object.entries(result.fieldErrors)) console.error(`${field}: ${messages.join(", ")}`);
    return 1;
  }
  if (values.admin) setAdminRole(result.user.username, true);
  console.log(`Created ${values.admin ? "administrator" : "user"} ${result.user.username} (id ${result.user.id}).`);
  return 0;
}

function fail(issues: { path: PropertyKey[]; message: string }[]) {
  for (const issue of issues) console.error(`${issue.path.map(String).join(".")}: ${issue.message}`);
  return 1;
}

process.exitCode = await main();
