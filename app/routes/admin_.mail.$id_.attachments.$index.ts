import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOutboxRow } from "~/models/outbox.server";
import { parseId } from "~/utils/http";
import { readDeliveredAttachment } from "~/services/mail-store.server";
import { requireAdmin } from "~/utils/session.server";

/** An attachment of a delivered message, downloaded (never shown inline). Administrators only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const index = /^\d{1,3}$/.test(params.index ?? "") ? Number(params.index) : null;
  const row = id === null ? undefined : getOutboxRow(id);
  const attachment = row && index !== null ? await readDeliveredAttachment(row.messageId, index) : null;
  if (!attachment) return new Response("Not found", { status: 404 });
  const ascii = attachment.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(new Uint8Array(attachment.content), {
    headers: {
      "Content-Type": attachment.contentType,
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
