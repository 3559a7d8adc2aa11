/**
 * The languages the product speaks (issue 42). English is the default and the spec's copy;
 * adding one is a folder under app/locales/ and a line here (docs/i18n.md).
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Español" };

/** The BCP 47 tag Intl formats dates and money with. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: "en-US", es: "es-US" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The namespaces of app/locales/<language>/: every route's strings live in one of these. */
export const NAMESPACES = ["common", "validation", "home", "search", "business", "auth", "account", "claim", "payment", "dashboard", "help", "filings", "admin", "mail", "documents"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces pages use: all but the server's own (email and PDF documents). */
export const PAGE_NAMESPACES: readonly Namespace[] = NAMESPACES.filter((ns) => ns !== "mail" && ns !== "documents");

/** i18next options the server and the browser share. */
export const I18N_OPTIONS = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  // React escapes; the mail templates escape on their own.
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;
