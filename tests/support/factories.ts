/**
 * Test data made directly in the database the code under test uses (DATABASE_PATH).
 * Every factory makes unique rows, so tests never depend on each other's state.
 */
import crypto from "node:crypto";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, payments, users, type Business, type NewBusiness, type User } from "~/db/schema";
import { fiscalYearOf, fiscalYearSpan } from "~/lib/tax-year";
import { holdsCurrentReceipt, nextReceiptNumber } from "~/models/receipt.server";
import { now as clockNow } from "~/utils/clock.server";
import { hashPassword } from "~/models/password.server";
import { createSession } from "~/utils/session.server";

export const unique = (prefix = "t") => `${prefix}${crypto.randomBytes(5).toString("hex")}`;

export const TEST_PASSWORD = "correct-horse-1";
let cachedHash: Promise<string> | undefined;

export async function createUser(overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}): Promise<User> {
  const { password, ...rest } = overrides;
  const username = rest.username ?? unique("user_");
  const passwordHash = password ? await hashPassword(password) : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  return getDb()
    .insert(users)
    .values({
      username,
      email: `${username.toLowerCase()}@example.com`,
      firstName: "Test",
      lastName: "User",
      passwordHash,
      ...rest,
    })
    .returning()
    .get();
}

/** A Pembroke Park business, unclaimed and claimable unless overridden. Verification code 7654321. */
export function createBusiness(overrides: Partial<NewBusiness> & { hasPaidBTR?: boolean } = {}): Business & { hasPaidBTR: boolean } {
  const { hasPaidBTR = false, ...columns } = overrides;
  const n = crypto.randomInt(0, 999_999_999);
  const business = getDb()
    .insert(businesses)
    .values({
      name: `Test Business ${unique("")} LLC`,
      documentNumber: `T${String(n).padStart(11, "0")}`,
      filingType: "LLC",
      status: "ACTIVE",
      address1: "3150 SW 52nd Ave",
      city: "Pembroke Park",
      state: "FL",
      zip: "33023",
      registeredOn: "2024-01-01",
      verificationCode: "7654321",
      ...columns,
    })
    .returning()
    .get();
  // "Paid" is no flag any more (issue 21): a paid business holds this fiscal year's receipt.
  if (hasPaidBTR) createReceipt(business.id, { userId: business.ownerId });
  return { ...business, hasPaidBTR };
}

/** The business row, with `hasPaidBTR` derived as the API does: holds this fiscal year's receipt. */
export function getBusiness(id: number) {
  const row = getDb().select().from(businesses).where(eq(businesses.id, id)).get();
  return row ? { ...row, hasPaidBTR: holdsCurrentReceipt(id) } : undefined;
}

/** The Cookie header value of a fresh session for this user. */
export async function sessionCookieFor(userId: number, rememberMe = false): Promise<string> {
  const setCookie = await createSession(userId, rememberMe);
  return setCookie.split(";")[0];
}

type RequestOptions = {
  method?: string;
  user?: { id: number } | null;
  cookie?: string;
  json?: unknown;
  form?: Record<string, string | Blob> | FormData;
  headers?: Record<string, string>;
};

/** A real Request to the app, optionally signed in as `user`. */
export async function makeRequest(path: string, options: RequestOptions = {}): Promise<Request> {
  const headers = new Headers(options.headers);
  const cookies = [options.cookie, options.user ? await sessionCookieFor(options.user.id) : undefined].filter(Boolean);
  if (cookies.length) headers.set("Cookie", cookies.join("; "));
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    if (options.form instanceof FormData) body = options.form;
    else {
      const fd = new FormData();
      for (const [k, v] of Object.entries(options.form)) fd.append(k, v);
      body = fd;
    }
  }
  return new Request(new URL(path, "http://localhost:3000"), {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
}

/** Calls a route module's loader or action the way Remix does. */
export async function callRoute(
  fn: (args: LoaderFunctionArgs) => unknown,
  request: Request,
  params: Record<string, string | undefined> = {},
): Promise<Response> {
  try {
    const result = await fn({ request, params, context: {} as AppLoadContext });
    return toResponse(result);
  } catch (thrown) {
    return toResponse(thrown);
  }
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  // Remix's data() helper and single-fetch naked objects.
  if (value && typeof value === "object" && "type" in value && (value as { type: string }).type === "DataWithResponseInit") {
    const d = value as unknown as { data: unknown; init?: ResponseInit };
    return Response.json(d.data, d.init ?? undefined);
  }
  if (value instanceof Error) throw value;
  return Response.json(value ?? null);
}

/** Reads the toast a response flashes (for redirects with a toast). */
export function flashedToastCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith("__toast="));
}

/**
 * A Local Business Tax Receipt held by the business for `fiscalYear` (the year it ends; default:
 * the current one by the app's clock), as a recorded payment of the default fee.
 */
export function createReceipt(
  businessId: number,
  options: { fiscalYear?: number; userId?: number | null; amount?: number; penaltyCents?: number; paidAt?: Date; kind?: string } = {},
) {
  const fiscalYear = options.fiscalYear ?? fiscalYearOf(clockNow());
  const amount = options.amount ?? 100_00;
  const penaltyCents = options.penaltyCents ?? 0;
  const db = getDb();
  return db.transaction((tx) =>
    tx
      .insert(payments)
      .values({
        userId: options.userId ?? null,
        businessId,
        amount,
        description: "Business Tax Receipt",
        stripePaymentId: unique("pi_fixture_"),
        kind: options.kind ?? "btr",
        fiscalYear: fiscalYearSpan(fiscalYear),
        taxYear: fiscalYear,
        taxCents: amount - penaltyCents,
        penaltyCents,
        receiptNumber: nextReceiptNumber(tx, fiscalYear),
        paidAt: options.paidAt ?? clockNow(),
        ...(options.paidAt ? { createdAt: options.paidAt } : {}),
      })
      .returning()
      .get(),
    { behavior: "immediate" },
  );
}

export { holdsCurrentReceipt };
