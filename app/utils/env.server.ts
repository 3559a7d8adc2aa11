import proxyaddr from "proxy-addr";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: z
      .string()
      .refine((v) => /^https?:\/\/[^/\s]+/.test(v) && URL.canParse(v), {
        message: "APP_URL must be the site's full address, such as https://btr.pembrokepark.example",
      })
      .optional(),
    DATABASE_PATH: z.string().min(1).default("data/app.db"),
    /**
     * How long a form post or API write waits for the database while another process (the
     * registry importer) writes, before it answers 503 with Retry-After (decision 0023).
     */
    WRITE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
    /**
     * At start the server reads the pages its searches use into memory before it calls itself
     * ready (server/ops/warm-up.ts); `off` for tests and small machines.
     */
    WARM_ON_START: z.enum(["on", "off"]).default("on"),
    /** The most the warm-up reads, as a share of the machine's memory (0-1). */
    WARM_MEMORY_SHARE: z.coerce.number().min(0).max(1).default(0.5),
    MIGRATIONS_DIR: z.string().min(1).default("drizzle"),
    UPLOADS_DIR: z.string().min(1).default("data/uploads"),
    SESSION_SECRET: z.string().optional(),
    /** Encrypts authenticator secrets at rest; unset, a key is derived from SESSION_SECRET. */
    MFA_ENCRYPTION_KEY: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.string().min(16, { message: "MFA_ENCRYPTION_KEY must be at least 16 characters long (e.g. `openssl rand -hex 32`)" }).optional(),
    ),
    /**
     * required: staff pages are refused until the account has a second factor; optional: only
     * the step-up actions ask, of accounts that have one. Default: required when a real Stripe
     * key is set (no STRIPE_API_URL test double), optional otherwise (the demo).
     */
    STAFF_MFA: z.enum(["required", "optional"]).optional(),
    SEED_DEMO: booleanString,
    TOWN_NAME: z.string().min(1).default("Pembroke Park"),
    TOWN_STATE: z.string().length(2).default("FL"),
    /**
     * Which registry businesses are the town's (README "The town's businesses"): the principal
     * city as the state's file writes it (comma-separated; TOWN_NAME is always included) and the
     * town's ZIP codes. Pembroke Park's ZIPs per the USPS city/ZIP lookup: 33009 and 33023.
     */
    TOWN_CITY_NAMES: z.string().default("PEMBROKE PARK"),
    TOWN_ZIPS: z.string().default("33009,33023"),
    /** The town's BTR office, printed on receipts (one line). */
    TOWN_ADDRESS: z.string().min(1).default("3150 SW 52nd Avenue, Pembroke Park, FL 33023"),
    TOWN_SUPPORT_EMAIL: z.string().email().default("btr@pembrokepark.example"),
    TOWN_SUPPORT_PHONE: z.string().default("(954) 966-4600"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk_(test|live)_|rk_(test|live)_)[A-Za-z0-9_]{8,}$/, {
        message: "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_..., sk_live_... or rk_...): check for a typo or a publishable key",
      })
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Where the stripe SDK sends requests; set to the local test double in demo mode and tests. */
    STRIPE_API_URL: z.string().url().optional(),
    /** smtp://user:pass@host:587 or smtps://...; unset: `npm start` runs a local SMTP server. */
    SMTP_URL: z.string().url().optional(),
    /** The From of every message, e.g. `Pembroke Park BTR <btr@pembrokepark.example>`. */
    MAIL_FROM: z.string().min(3).optional(),
    /** Where the local SMTP server stores what it receives (.eml files), read by /admin/mail. */
    MAIL_STORE_DIR: z.string().min(1).default("data/mail"),
    /** The server runs the scheduled jobs (app/jobs/) itself unless this is false. */
    JOBS_SCHEDULE: booleanString,
    /** A folder the state's files are dropped into; the registry-import job imports what is new there. */
    REGISTRY_DROP_DIR: z.string().trim().min(1).optional(),
    /**
     * The proxies in front of the app whose X-Forwarded-For and X-Forwarded-Proto are believed
     * (utils/client-address.server): comma-separated addresses, CIDR ranges or proxy-addr's names
     * (loopback, linklocal, uniquelocal); `none` believes no one. Default: loopback.
     */
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const list = (v ?? "").split(",").map((s) => s.trim()).filter(Boolean);
        if (list.length === 0) return ["loopback"];
        if (list.length === 1 && list[0].toLowerCase() === "none") return [];
        for (const entry of list) {
          try {
            proxyaddr.compile(entry);
          } catch {
            ctx.addIssue({
              code: "custom",
              message: `"${entry}" is not an address, a CIDR range (such as 10.0.0.0/8 or 2001:db8::/32) or one of loopback, linklocal, uniquelocal`,
            });
          }
        }
        return list;
      }),
    /** The bearer token /resources/metrics asks for; unset (or empty), the metrics are not served (404). */
    METRICS_TOKEN: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.string().min(16, { message: "METRICS_TOKEN must be at least 16 characters long (e.g. `openssl rand -hex 32`)" }).optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "SESSION_SECRET is required in production. Set it to a long random string (e.g. `openssl rand -hex 32`).",
      });
    }
    if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < 16) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET must be at least 16 characters long.",
      });
    }
  });

export type Env = Omit<z.infer<typeof EnvSchema>, "STAFF_MFA"> & {
  STAFF_MFA: "required" | "optional";
  SESSION_SECRETS: string[];
  APP_URL: string;
  /** APP_URL came from the environment (not the localhost default): see utils/public-origin. */
  APP_URL_SET: boolean;
};

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

/** Parses and checks the environment; throws EnvError with every problem in one readable message. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "env"}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    APP_URL_SET: env.APP_URL !== undefined,
    STAFF_MFA: env.STAFF_MFA ?? (env.STRIPE_SECRET_KEY && !env.STRIPE_API_URL ? "required" : "optional"),
    // Comma-separated to allow rotation: the first signs, all verify.
    SESSION_SECRETS: (env.SESSION_SECRET ?? "dev-only-insecure-session-secret")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
