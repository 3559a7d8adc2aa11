import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage, PAGE_NAMESPACES } from "~/lib/languages";
import { RESOURCES, textsResponse } from "~/locales/resources.server";

/**
 * Every namespace the pages use, in one language: the browser asks once after hydration
 * (entry.client.tsx), so client-side navigations find their texts; pages carry only their own.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng } = params;
  return textsResponse(isLanguage(lng) ? Object.fromEntries(PAGE_NAMESPACES.map((ns) => [ns, RESOURCES[lng][ns]])) : undefined);
}
