import { listCategories } from "~/models/filings/categories.server";

/**
 * GET /api/filing-categories: the town's business activities a new receipt application chooses
 * from, by name; public, like the form that shows them.
 */
export function loader() {
  return Response.json(listCategories().map(({ code, name, needsStateLicense }) => ({ code, name, needsStateLicense })));
}
