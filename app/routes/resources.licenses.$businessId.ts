import fs from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { getLicenseAccess } from "~/models/claim.server";
import { storedFileContentType, storedFilePath } from "~/services/uploads.server";
import { requireUser } from "~/utils/session.server";
import { parseId } from "~/lib/ids";

/**
 * GET /resources/licenses/{businessId}: the uploaded driver's licence, for the business's owner
 * and for admins only. Signed out: login redirect. Someone else: 403. No licence: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "claim:signIn.loginToViewLicense" });
  const businessId = parseId(params.businessId);
  if (!businessId) throw new Response("Not Found", { status: 404 });

  const access = getLicenseAccess(businessId, user);
  if (access.status === "forbidden") throw new Response("Forbidden", { status: 403 });
  if (access.status === "not_found") throw new Response("Not Found", { status: 404 });

  const file = storedFilePath(access.storageKey);
  const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!file || !stat?.isFile()) throw new Response("Not Found", { status: 404 });

  const contentType = storedFileContentType(access.storageKey);
  const extension = access.storageKey.split(".").pop();
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file)), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(stat.size),
      "Content-Disposition": `inline; filename="drivers-license-business-${businessId}.${extension}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
