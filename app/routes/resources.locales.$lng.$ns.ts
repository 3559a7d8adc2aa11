import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage, NAMESPACES, type Namespace } from "~/lib/languages";
import { RESOURCES, textsResponse } from "~/locales/resources.server";

const isNamespace = (value: unknown): value is Namespace => (NAMESPACES as readonly string[]).includes(value as string);

/** One namespace of one language, for the browser's i18next after a client-side navigation. */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng, ns } = params;
  return textsResponse(isLanguage(lng) && isNamespace(ns) ? RESOURCES[lng][ns] : undefined);
}
