import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/session.server";

/** /filings: the applicant's filings live on the dashboard's Documents tab. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { description: "filings:auth.filings" });
  return redirect("/dashboard?tab=documents");
}
