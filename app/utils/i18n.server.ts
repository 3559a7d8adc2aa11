/**
 * Which language a request is answered in, and translations on the server (issue 42).
 *
 * The order: the `lng` query parameter, the `lng` cookie (set by the language switch), the
 * signed-in user's saved choice, the browser's Accept-Language, else English. remix-i18next
 * reads the parameter and the cookie; its "custom" step is the profile, then the header, read
 * here because remix-i18next keeps only the header's first language ("fr, es;q=0.5" must give
 * Spanish, not English).
 */
import { createCookie, type EntryContext } from "@remix-run/node";
import type { i18n as I18n, TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, type Namespace } from "~/lib/languages";
import type { PageMetaText } from "~/lib/meta";
import { rememberPlainLookups } from "~/lib/plain-lookups";
import { fixedT, translations } from "~/lib/translate.server";
import { findSessionUser } from "~/models/session.server";
import { readSessionId } from "~/utils/session-cookie.server";

export { fixedT, mailLanguage } from "~/lib/translate.server";

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const negotiator = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "custom"],
    findLocale: async (request) => {
      const sessionId = await readSessionId(request);
      const saved = sessionId ? findSessionUser(sessionId)?.language : null;
      return isLanguage(saved) ? saved : fromAcceptLanguage(request.headers.get("Accept-Language"));
    },
  },
});

/** The supported language the browser weighs most ("es-US,es;q=0.9,en;q=0.8" → es), or null. */
export function fromAcceptLanguage(header: string | null): Language | null {
  if (!header) return null;
  const weighed = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && isLanguage(entry.language))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return (weighed[0]?.language as Language | undefined) ?? null;
}

/** The language this request is answered in. */
export async function getLanguage(request: Request): Promise<Language> {
  const found = await negotiator.getLocale(request);
  return isLanguage(found) ? found : DEFAULT_LANGUAGE;
}

/**
 * The namespaces the matched routes ask for (their `handle.i18n`), for the first render. Not
 * remix-i18next's getRouteNamespaces: it reads `routeModules`, which holds every route of the
 * build, so each page carried every namespace inline (100 KB of a 114 KB not-found page).
 */
export function routeNamespaces(context: EntryContext): string[] {
  return context.staticHandlerContext.matches.flatMap((match) => {
    const wanted = (context.routeModules[match.route.id]?.handle as { i18n?: unknown } | undefined)?.i18n;
    if (typeof wanted === "string") return [wanted];
    return Array.isArray(wanted) ? wanted.filter((ns): ns is string => typeof ns === "string") : [];
  });
}

/** A per-request instance in `language` for React's first render (shares the loaded resources). */
export function requestInstance(language: Language): I18n {
  return rememberPlainLookups(translations().cloneInstance({ lng: language, initImmediate: false }));
}

/** The request's language and a t() in it, for a loader or an action. */
export async function requestT(request: Request, ns: Namespace | Namespace[] = "common") {
  const language = await getLanguage(request);
  return { language, t: fixedT(language, ns) };
}

/** A page's translated title ("<title> | Florida Business Registry") and description, for translatedMeta. */
export function pageMetaText(t: TFunction, title: string, description: string): PageMetaText {
  return { title: `${title} | ${t("common:brand")}`, description };
}
