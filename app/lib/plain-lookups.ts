import type { i18n as I18n } from "i18next";

type Lookup = ((key: unknown, ...rest: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };

/**
 * Remembers what t(key) gives for a key asked with no options, per language, namespace and key
 * prefix: such a lookup depends on nothing else (the resources never change while the process
 * runs), and i18next's own path (options, key parsing, interpolation and nesting checks) cost
 * about 2.7 ms of a search page's render, 20 cards of labels. A call with options or a default
 * value goes to i18next as before.
 */
const MOST_KEYS = 5_000; // per language, namespace and prefix: more than the app's texts; a key made of input is not kept
const remembered = new Map<string, Map<string, unknown>>();

export function rememberPlainLookups(i18n: I18n): I18n {
  const getFixedT = i18n.getFixedT.bind(i18n);
  i18n.getFixedT = ((lng: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: string) => {
    const t = getFixedT(lng as string, ns as string, keyPrefix) as unknown as Lookup;
    const scope = `${String(lng ?? i18n.language)}|${String(ns ?? "")}|${keyPrefix ?? ""}`;
    let known = remembered.get(scope);
    if (!known) remembered.set(scope, (known = new Map()));
    const plain = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string") return t(key, ...rest);
      if (known.has(key)) return known.get(key);
      const text = t(key);
      if (known.size < MOST_KEYS) known.set(key, text);
      return text;
    }) as Lookup;
    return Object.assign(plain, { lng: t.lng, ns: t.ns, keyPrefix: t.keyPrefix });
  }) as unknown as I18n["getFixedT"];
  return i18n;
}
