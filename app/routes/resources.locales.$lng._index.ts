import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage, PAGE_NAMESPACES } from "~/lib/languages";
import { RESOURCES } from "~/locales/resources.server";

/**
 * Every namespace the pages use, in one language: the browser asks once after hydration
 * (entry.client.tsx), so client-side navigations find their texts; pages carry only their own.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng } = params;
  if (!isLanguage(lng)) return Response.json({ error: { message: "Not found" } }, { status: 404 });
  const resources = Object.fromEntries(PAGE_NAMESPACES.map((ns) => [ns, RESOURCES[lng][ns]]));
  // An hour, as one namespace's (resources.locales.$lng.$ns.ts).
  return Response.json(resources, { headers: { "Cache-Control": "public, max-age=3600" } });
}
