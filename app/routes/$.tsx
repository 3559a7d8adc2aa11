import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Page Not Found", "This page does not exist. Search the Florida business registry or go back to the home page.");

/** Any path no other route matches: a real 404 rendered inside the shell. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
