import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/**
 * Messages that travel as data (field errors from a zod schema, toasts, a model's refusal) are
 * translation keys written "namespace:key" (e.g. "validation:emailInvalid"), translated where
 * they are shown, in the reader's language (issue 42). A message that is not a key (a text
 * from before its module was translated, or data such as a business name) is shown as it is.
 */
export type MessageValues = Record<string, string | number>;

const MESSAGE_KEY = /^[a-z][a-zA-Z0-9-]*:[a-zA-Z][a-zA-Z0-9_.-]*$/;

export function isMessageKey(message: string): boolean {
  return MESSAGE_KEY.test(message);
}

export function translateMessage(t: TFunction, message: string, values?: MessageValues): string {
  return isMessageKey(message) ? (t(message, values) as string) : message;
}

/** translateMessage bound to the page's language. */
export function useMessage() {
  const { t } = useTranslation();
  return (message: string, values?: MessageValues) => translateMessage(t, message, values);
}
