import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage, NAMESPACES, type Namespace } from "~/lib/languages";
import { RESOURCES } from "~/locales/resources.server";

const isNamespace = (value: unknown): value is Namespace => (NAMESPACES as readonly string[]).includes(value as string);

/** One namespace of one language, for the browser's i18next after a client-side navigation. */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng, ns } = params;
  if (!isLanguage(lng) || !isNamespace(ns)) return Response.json({ error: { message: "Not found" } }, { status: 404 });
  // An hour: a deployment's new texts reach open tabs soon enough.
  return Response.json(RESOURCES[lng][ns], { headers: { "Cache-Control": "public, max-age=3600" } });
}
