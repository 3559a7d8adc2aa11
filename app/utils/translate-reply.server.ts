import type { SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { translateMessage } from "~/lib/i18n-message";

/**
 * A conform reply whose error messages (keys such as "claim:errors.codeLength") are written in
 * the request's language (issue 42): the page shows them as they are, and the page action
 * answers in plain words like before.
 */
export function translateReply<T extends SubmissionResult<string[]>>(result: T, t: TFunction): T {
  if (!result.error) return result;
  const error = Object.fromEntries(
    Object.entries(result.error).map(([name, messages]) => [name, messages ? messages.map((message) => translateMessage(t, message)) : messages]),
  );
  return { ...result, error };
}
