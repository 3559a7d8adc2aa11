/**
 * The account pages' messages in the reader's language (issue 42).
 *
 * The models and the sign-in answer their refusals in English, as the JSON door gives them
 * ("Invalid username or password", "Username is already taken"): here they become keys of
 * auth.json / account.json. A page action's conform reply is given in the request's language,
 * so what the page shows (with or without JavaScript) and what the action answers agree; the
 * pages' schemas carry keys (AuthForms), which the browser's validation shows through ErrorList.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { translateMessage, type MessageValues } from "~/lib/i18n-message";
import { CODE_REQUIRED, WRONG_CODE } from "~/lib/schemas/mfa";
import { EMAIL_TAKEN, INVALID_LOGIN, USERNAME_TAKEN, WRONG_CURRENT_PASSWORD } from "~/models/user.server";

const FIXED: Record<string, string> = {
  [INVALID_LOGIN]: "auth:errors.invalidLogin",
  [USERNAME_TAKEN]: "auth:errors.usernameTaken",
  [EMAIL_TAKEN]: "auth:errors.emailTaken",
  [WRONG_CURRENT_PASSWORD]: "auth:errors.wrongCurrentPassword",
  "Incorrect password": "auth:errors.incorrectPassword",
  [CODE_REQUIRED]: "auth:errors.codeRequired",
  [WRONG_CODE]: "auth:errors.wrongCode",
};

const PATTERNS: { pattern: RegExp; key: (match: RegExpMatchArray) => { key: string; values: MessageValues } }[] = [
  {
    // lockoutMessage (~/models/login-attempt.server)
    pattern: /^Too many failed sign-in attempts\. .* try again in (\d+) minutes?\.$/,
    key: (m) => ({ key: m[1] === "1" ? "auth:errors.lockedOne" : "auth:errors.lockedMany", values: { minutes: Number(m[1]) } }),
  },
  {
    // deleteAccount's refusal while a subscription renews (~/models/user.server)
    pattern: /^Cancel the auto-renewal subscription of (.+) before deleting your account\.$/,
    key: (m) => ({ key: "account:errors.cancelRenewing", values: { names: m[1] } }),
  },
];

/** A model's English message as a key and its values (a message it does not know stays as it is). */
export function messageKeyOf(message: string): { key: string; values?: MessageValues } {
  if (FIXED[message]) return { key: FIXED[message] };
  for (const { pattern, key } of PATTERNS) {
    const match = message.match(pattern);
    if (match) return key(match);
  }
  return { key: message };
}

/** A key, or a model's English message, in t's language. */
export function localMessage(t: TFunction, message: string): string {
  const { key, values } = messageKeyOf(message);
  return translateMessage(t, key, values);
}

/** A conform reply with its messages (keys or the models' English) in t's language. */
export function localReply<R extends SubmissionResult<string[]>>(t: TFunction, reply: R): R {
  if (!reply.error) return reply;
  const error: Record<string, string[] | null> = {};
  for (const [field, messages] of Object.entries(reply.error)) {
    error[field] = messages ? messages.map((message) => localMessage(t, message)) : messages;
  }
  return { ...reply, error };
}

/** "... in 1 minute." or "... in 5 minutes.": the key for a wait of `seconds`. */
export function minutesMessage(t: TFunction, one: string, many: string, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return t(minutes === 1 ? one : many, { minutes }) as string;
}
