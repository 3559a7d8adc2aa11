import { LANGUAGES } from "./languages";

/**
 * The page in each language (`<link rel="alternate" hreflang>`): the same address with `lng`
 * set, and x-default without it (the visitor's own negotiation).
 */
export function languageAlternates(url: URL, origin: string = url.origin): { hrefLang: string; href: string }[] {
  const withLanguage = (lng: string | null) => {
    const params = new URLSearchParams(url.search);
    params.delete("lng");
    if (lng) params.set("lng", lng);
    const query = params.toString();
    return `${origin}${url.pathname}${query ? `?${query}` : ""}`;
  };
  return [...LANGUAGES.map((lng) => ({ hrefLang: lng, href: withLanguage(lng) })), { hrefLang: "x-default", href: withLanguage(null) }];
}
