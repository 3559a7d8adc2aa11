/**
 * The request side of the passkeys (issue 41). The relying party follows APP_URL, or the
 * request's public origin when it is unset. The ceremonies (/resources/passkeys/*) are the
 * browser's own plumbing, not the public API: each is a same-origin JSON POST (405 otherwise),
 * answered in JSON, refusals `{ error: { message } }` with 400, 401, 403, 404 or 409.
 */
import { z } from "zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { verifyPasskeyAssertion, type Failure, type RelyingParty } from "~/models/mfa/passkeys.server";
import type { PublicUser } from "~/lib/types";
import { getEnv } from "~/utils/env.server";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { publicOrigin } from "~/utils/public-origin.server";
import { redirectWithToast, type Toast } from "~/utils/toast.server";

/** Who the passkeys are for: APP_URL's host, or the host the request came to (its public origin). */
export function relyingParty(request: Request): RelyingParty {
  const origin = publicOrigin(request);
  return {
    rpID: new URL(origin).hostname,
    rpName: `${getEnv().TOWN_NAME} Business Tax Receipts`,
    origin,
  };
}

export const CROSS_ORIGIN = "Cross-origin requests are refused";
export const SIGN_IN_EXPIRED = "Your sign-in expired. Please sign in again";

/**
 * Refuses a request another site's page sent: its Origin (which browsers send with every POST
 * made by fetch) must be this site's, and Sec-Fetch-Site, when sent, same-origin. The JSON
 * content type already keeps plain cross-site forms out (they cannot send it without a CORS
 * preflight, which this site never grants).
 */
export function requireSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== publicOrigin(request) && origin !== new URL(request.url).origin) {
    throw apiError(403, CROSS_ORIGIN);
  }
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null && site !== "same-origin" && site !== "none") throw apiError(403, CROSS_ORIGIN);
}

/** A passkey POST's JSON body, checked by `schema` (405 other methods, 403 cross-origin, 415, 400). */
export async function readPasskeyPost<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  assertMethod(request, "POST");
  requireSameOrigin(request);
  return readJsonWith(request, schema);
}

/** GET on a passkey endpoint: 405. */
export function postOnly() {
  return apiError(405, "Method GET not allowed", undefined, {
    headers: { Allow: "POST" },
  });
}

/** A model refusal as JSON. */
export function failureResponse(outcome: Failure) {
  return apiError(outcome.status, outcome.message);
}

// The browser's WebAuthn answers, as @simplewebauthn/browser sends them: checked for shape here,
// for meaning by @simplewebauthn/server.
const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, { error: "Must be base64url" });
const credentialShape = {
  id: b64url.min(1, { error: "The passkey's id is missing" }),
  rawId: b64url,
  type: z.literal("public-key", { error: "Not a passkey answer" }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
};

export const RegistrationResponseSchema = z
  .looseObject({
    ...credentialShape,
    response: z.looseObject({
      clientDataJSON: b64url,
      attestationObject: b64url,
      transports: z.array(z.string().max(40)).max(10).optional(),
    }),
  })
  .transform((value) => value as unknown as RegistrationResponseJSON);

export const AuthenticationResponseSchema = z
  .looseObject({
    ...credentialShape,
    response: z.looseObject({
      clientDataJSON: b64url,
      authenticatorData: b64url,
      signature: b64url,
      userHandle: b64url.optional(),
    }),
  })
  .transform((value) => value as unknown as AuthenticationResponseJSON);

const challengeId = z.string({ error: "challengeId is required" }).min(1).max(100);

export const AssertionBodySchema = z.object({
  challengeId,
  response: AuthenticationResponseSchema,
});

export const RegistrationBodySchema = z.object({
  challengeId,
  response: RegistrationResponseSchema,
});

/**
 * A signed-in answer for the browser: `{ redirectTo }` with the session's cookies and a toast for
 * the next page (the script then goes there).
 */
export async function signedInAnswer(redirectTo: string, headers: Headers, toast: Toast) {
  const answer = new Headers(headers);
  for (const cookie of (await redirectWithToast(redirectTo, toast)).headers.getSetCookie()) answer.append("Set-Cookie", cookie);
  return Response.json({ redirectTo }, { headers: answer });
}

/** The step-up form's `stepUpPasskey` field: `{ challengeId, response }` as JSON, or null. */
export function parseStepUpAssertion(json: string): z.output<typeof AssertionBodySchema> | null {
  try {
    const parsed = AssertionBodySchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const STEP_UP_PASSKEY_REFUSED = "The passkey could not be verified. Try again, or use a code";

/**
 * A step-up form's passkey answer (the `stepUpPasskey` field) for this user: null when the form
 * sent none, otherwise whether it passed (its challenge spent either way).
 */
export async function checkStepUpPasskey(request: Request, user: Pick<PublicUser, "id">, value: FormDataEntryValue | null): Promise<boolean | null> {
  if (typeof value !== "string" || !value) return null;
  const assertion = parseStepUpAssertion(value);
  if (!assertion) return false;
  const outcome = await verifyPasskeyAssertion("passkey-step-up", relyingParty(request), { ...assertion, userId: user.id });
  return outcome.ok;
}
