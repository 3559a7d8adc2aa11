/**
 * Hands the browser the translations the page was rendered with (issue 42), inline, so that
 * hydration needs no request for them. The server knows which namespaces the page used (its
 * routes' `handle.i18n` and "common"); the browser reads window.__i18n in entry.client.tsx.
 */
import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";

export type I18nBoot = { lng: string; resources: Record<string, unknown> };

declare global {
  interface Window {
    __i18n?: I18nBoot;
  }
}

/** The namespaces of this response (set by entry.server.tsx; empty in the browser). */
export const I18nNamespacesContext = createContext<string[]>([]);

/** JSON for a <script>: "</script>" and friends cannot end it early. */
function scriptJson(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

export function I18nBootScript({ nonce }: { nonce: string }) {
  const namespaces = useContext(I18nNamespacesContext);
  const { i18n } = useTranslation();
  // In the browser the script is already in the page: render it empty and leave the DOM alone.
  if (typeof document !== "undefined") return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  const lng = i18n.language;
  const resources = Object.fromEntries(namespaces.map((ns) => [ns, i18n.getResourceBundle(lng, ns) ?? {}]));
  const boot: I18nBoot = { lng, resources };
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `window.__i18n=${scriptJson(boot)}` }} />;
}
