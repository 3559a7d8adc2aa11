/** Helpers for the claim tests: fixture files, multipart requests, the upload folder, toasts. */
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "~/utils/env.server";
import { getToast } from "~/utils/toast.server";
import { callRoute, flashedToastCookie, makeRequest } from "./factories";

const FIXTURES = path.resolve(__dirname, "../fixtures");

/** A fixture's bytes as a File with the given name and browser-claimed type. */
export function fixtureFile(fixture: string, name = fixture, type = "application/octet-stream"): File {
  return new File([fs.readFileSync(path.join(FIXTURES, fixture))], name, { type });
}

export function fixtureBytes(fixture: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, fixture));
}

export type ClaimFields = {
  employeeCount?: string;
  vehicleCount?: string;
  verificationCode?: string;
  driversLicenseFile?: File | string;
};

/** A multipart claim request (as a browser or API client sends it), signed in as `user`. */
export function claimRequest(
  path: string,
  user: { id: number } | null,
  fields: ClaimFields = {},
  headers?: Record<string, string>,
): Promise<Request> {
  const form = new FormData();
  const values = { employeeCount: "0", vehicleCount: "0", verificationCode: "7654321", ...fields };
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, value);
  return makeRequest(path, { method: "POST", user, form, headers });
}

/** Files currently in UPLOADS_DIR (stored licences and leftovers). */
export function uploadedFiles(): string[] {
  const dir = path.resolve(getEnv().UPLOADS_DIR);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** The toast a redirect response flashes, decoded. */
export async function readFlashedToast(response: Response, language?: "es") {
  const cookie = flashedToastCookie(response);
  if (!cookie) return null;
  // Read as the next page would, in `language` when one is given.
  const request = new Request(`http://localhost:3000/${language ? `?lng=${language}` : ""}`, { headers: { Cookie: cookie.split(";")[0] } });
  return (await getToast(request)).toast;
}

/**
 * factories.callRoute, typed for Remix's own LoaderFunctionArgs/ActionFunctionArgs (callRoute's
 * `context: object` does not satisfy AppLoadContext under strict TS).
 */
export function run(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string | undefined> = {},
): Promise<Response> {
  return callRoute(fn as Parameters<typeof callRoute>[0], request, params);
}
