/**
 * The second factor's refusals in the reader's language (issue 42). The models, the passkey
 * endpoints (JSON, English as the API answers) and the browser's WebAuthn half give them in
 * English; the security pages map them to keys of auth.json here and translate them where they
 * are shown. A message not listed stays as it is. Safe in the browser (no server imports: the
 * texts are the models' own, kept in step by hand).
 */
import type { TFunction } from "i18next";
import { translateMessage } from "~/lib/i18n-message";

const KEYS: Record<string, string> = {
  // ~/lib/schemas/mfa (the English constants the models and ~/utils/step-up.server give)
  "Enter the code from your authenticator app or a recovery code": "auth:errors.codeRequired",
  "That code is not right. Check your authenticator app and try again": "auth:errors.wrongCode",
  "Incorrect password": "auth:errors.incorrectPassword",
  "Enter the 6-digit code your app shows": "auth:mfa.sixDigits",
  "Password is required": "auth:errors.passwordRequired",
  "Give the passkey a name": "auth:mfa.passkeyNameRequired",
  "Must be at most 60 characters": "auth:mfa.passkeyNameTooLong",
  // ~/models/mfa/factors.server, renew-recovery-codes.server
  "The authenticator app is not turned on": "auth:mfa.totpNotOn",
  "Turn on the authenticator app first": "auth:mfa.turnOnFirst",
  // ~/models/mfa/passkeys.server
  "You already have a passkey with that name": "auth:mfa.passkeyNameTaken",
  "That passkey was not found": "auth:mfa.passkeyNotFound",
  "The passkey request expired or was already used. Please try again": "auth:mfa.challengeExpired",
  "This passkey is not registered with this service": "auth:mfa.passkeyUnknown",
  "The passkey could not be verified": "auth:mfa.passkeyNotVerified",
  // ~/utils/passkeys.server, ~/utils/step-up.server
  "The passkey could not be verified. Try again, or use a code": "auth:mfa.stepUpPasskeyRefused",
  "To add another second factor, first confirm it's you with the one you have": "auth:mfa.confirmBeforeAdding",
  // ~/components/auth/passkeys-browser
  "The service could not be reached. Check your connection and try again": "auth:mfa.unreachable",
  "Something went wrong. Please try again": "auth:mfa.somethingWrong",
  "This device already holds a passkey for your account": "auth:mfa.alreadyRegistered",
  "No passkey was added: the request was cancelled or timed out": "auth:mfa.registerCancelled",
  "The passkey request was cancelled or timed out": "auth:mfa.authCancelled",
  "This security key cannot hold a passkey that signs in on its own. Try another device": "auth:mfa.notDiscoverable",
  "The passkey could not be added. Please try again": "auth:mfa.registerFailed",
  "The passkey could not be used. Please try again": "auth:mfa.authFailed",
};

/** The key for an English refusal of the second factor (a key or an unknown text is returned as it is). */
export function securityMessageKey(message: string): string {
  return KEYS[message] ?? message;
}

/** A refusal (English or a key) in t's language. */
export function securityMessage(t: TFunction, message: string): string {
  return translateMessage(t, securityMessageKey(message));
}
