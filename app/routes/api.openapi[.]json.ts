import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildOpenApiDocument } from "~/lib/api-contract/openapi";

/** GET /api/openapi.json: the JSON API's contract as an OpenAPI 3.1 document (public). */
export function loader({ request }: LoaderFunctionArgs) {
  const document = buildOpenApiDocument({ serverUrl: new URL(request.url).origin });
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } });
}
