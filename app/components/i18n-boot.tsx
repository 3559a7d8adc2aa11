/**
 * Hands the browser the translations the page was rendered with (issue 42), inline, so that
 * hydration needs no request for them: the namespaces of its matched routes' `handle.i18n`,
 * "common", and any other its components used. The browser reads window.__i18n in
 * entry.client.tsx, and fetches the rest of the language once, after hydration.
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
  // Rendered after the page's content: react-i18next has noted every namespace it asked for
  // (a component's own, beyond its route's handle), and hydration needs each of them.
  const used = (i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
  const resources = Object.fromEntries([...new Set([...namespaces, ...used])].map((ns) => [ns, i18n.getResourceBundle(lng, ns) ?? {}]));
  const boot: I18nBoot = { lng, resources };
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `window.__i18n=${scriptJson(boot)}` }} />;
}
