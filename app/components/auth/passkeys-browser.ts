/**
 * The browser's half of the passkey ceremonies (issue 41): ask the server for options, let the
 * authenticator answer (@simplewebauthn/browser, loaded only when a button is pressed), send the
 * answer back. Browser-only code; the server's half is /resources/passkeys/*.
 */
import { useHydrated } from "~/lib/hooks/use-hydrated";

/** The browser can do WebAuthn at all (a secure context with PublicKeyCredential). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** False on the server, before hydration (no JavaScript) and in browsers without WebAuthn. */
export function usePasskeysAvailable(): boolean {
  const hydrated = useHydrated();
  return hydrated && passkeysSupported();
}

export class PasskeyRequestError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = "PasskeyRequestError";
  }
}

/** POSTs JSON to one of /resources/passkeys/*; the JSON answer, or a PasskeyRequestError with the server's message. */
export async function postPasskeyJson<T>(url: string, body: unknown = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PasskeyRequestError("The service could not be reached. Check your connection and try again", 0);
  }
  const value: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = value && typeof value === "object" && "error" in value && (value as { error?: { message?: unknown } }).error?.message;
    throw new PasskeyRequestError(typeof message === "string" ? message : "Something went wrong. Please try again", response.status);
  }
  return value as T;
}

/** What to tell a person whose passkey ceremony failed. */
export function passkeyErrorMessage(error: unknown, ceremony: "register" | "authenticate"): string {
  if (error instanceof PasskeyRequestError) return error.message;
  const name = error instanceof Error ? error.name : "";
  const code = error && typeof error === "object" && "code" in error ? String((error as { code: unknown }).code) : "";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return "This device already holds a passkey for your account";
  }
  if (name === "NotAllowedError" || name === "AbortError") {
    return ceremony === "register"
      ? "No passkey was added: the request was cancelled or timed out"
      : "The passkey request was cancelled or timed out";
  }
  if (code === "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT") {
    return "This security key cannot hold a passkey that signs in on its own. Try another device";
  }
  return ceremony === "register" ? "The passkey could not be added. Please try again" : "The passkey could not be used. Please try again";
}

type Options<O> = { challengeId: string; options: O };

/** Registration: options for `name`, the authenticator's new credential, its verification. */
export async function registerPasskey(name: string): Promise<void> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  type Creation = Parameters<typeof startRegistration>[0]["optionsJSON"];
  const { challengeId, options } = await postPasskeyJson<Options<Creation>>("/resources/passkeys/register/options", { name });
  const response = await startRegistration({ optionsJSON: options });
  await postPasskeyJson("/resources/passkeys/register/verify", { challengeId, name, response });
}

/** An assertion for the options at `optionsUrl`: the challenge's id and the authenticator's answer. */
export async function assertPasskey(optionsUrl: string) {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  type Request = Parameters<typeof startAuthentication>[0]["optionsJSON"];
  const { challengeId, options } = await postPasskeyJson<Options<Request>>(optionsUrl);
  const response = await startAuthentication({ optionsJSON: options });
  return { challengeId, response };
}
