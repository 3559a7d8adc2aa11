import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Page Not Found", "This page does not exist. Search the Florida business registry or go back to the home page.");

/** Any path no other route matches: a real 404 rendered inside the shell. */
export function loader() {
  throw notFound();
}

export function action() {
  throw notFound();
}

/** Thrown as data, not as a Response: the same 404 without a body stream to make and read back. */
function notFound() {
  return data("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
