import fs from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { FilingError, requireFilingDocument } from "~/models/filings/filings.server";
import { storedFilePath } from "~/services/uploads.server";
import { requireUser } from "~/utils/session.server";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** A file name safe inside a quoted header value: no quotes, slashes, control or non-ASCII characters. */
function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\/;:*?<>|%]/g, "_")
    .trim()
    .slice(0, 120);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : fallback;
}

/** A header parameter value in RFC 5987 form (encodeURIComponent leaves ' ( ) * ! as they are). */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * GET /filings/{id}/documents/{documentId}: a document of a filing, for its applicant and staff
 * only (anyone else, or a document of another filing: 404). Served as the type its bytes were
 * judged to be when uploaded, never sniffed again by the browser, never cached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "filings:auth.document" });
  const filingId = parseId(params.id);
  const documentId = parseId(params.documentId);
  if (!filingId || !documentId) throw notFound();

  let doc;
  try {
    doc = requireFilingDocument(user, filingId, documentId);
  } catch (error) {
    if (error instanceof FilingError) throw notFound();
    throw error;
  }
  const file = storedFilePath(doc.storageKey);
  const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!file || !stat?.isFile()) throw notFound();

  const extension = doc.storageKey.split(".").pop() ?? "bin";
  const base = safeFileName(doc.fileName, `document-${doc.id}.${extension}`);
  const ascii = base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`;
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file)), {
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(stat.size),
      "Content-Disposition": `inline; filename="${ascii}"; filename*=UTF-8''${rfc5987(doc.fileName.slice(0, 200) || ascii)}`,
      "X-Content-Type-Options": "nosniff",
      // Images as the licence is served; a PDF without `sandbox`, which would stop the browser's PDF viewer.
      "Content-Security-Policy": doc.contentType === "application/pdf" ? "default-src 'none'; style-src 'unsafe-inline'" : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}
