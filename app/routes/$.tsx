import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { pageMeta, translatedMeta, type PageMetaText } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";

/** The 404 carries its translated title (a loader that throws has no data for meta). */
export const meta: MetaFunction = ({ error }) => {
  const text = isRouteErrorResponse(error) ? (error.data as { meta?: PageMetaText } | null)?.meta : undefined;
  return text
    ? translatedMeta(text)
    : pageMeta("Page Not Found", "This page does not exist. Search the Florida business registry or go back to the home page.");
};

/** Any path no other route matches: a real 404 rendered inside the shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  throw await notFound(request);
}

export async function action({ request }: ActionFunctionArgs) {
  throw await notFound(request);
}

/** Thrown as data, not as a Response: the same 404 without a body stream to make and read back. */
async function notFound(request: Request) {
  const { t } = await requestT(request, "common");
  return data({ message: "Not Found", meta: pageMetaText(t, t("errors.notFoundMeta.title"), t("errors.notFoundMeta.description")) }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
