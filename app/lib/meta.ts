import type { MetaDescriptor } from "@remix-run/node";

const SITE_NAME = "Florida Business Registry";

/**
 * A page's title and meta description. A route's `meta` replaces the root's (Remix v2 does not
 * merge them), so every route that sets its title sets its description here too: search engines
 * show it, and Lighthouse's SEO score counts it.
 */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title: `${title} | ${SITE_NAME}` },
    { name: "description", content: description },
  ];
}

/** A translated page's title and description, made by its loader (pageMetaText, ~/utils/i18n.server). */
export type PageMetaText = { title: string; description: string };

/**
 * The meta of a page whose loader returned `meta: PageMetaText` (issue 42). A loader that threw
 * (a 404, a 403) left no data: the page still gets a title, the site's name.
 */
export function translatedMeta(meta: PageMetaText | undefined): MetaDescriptor[] {
  return meta ? [{ title: meta.title }, { name: "description", content: meta.description }] : [{ title: SITE_NAME }];
}
