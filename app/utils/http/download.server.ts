/** File downloads: the headers of a PDF, and the HEAD answer every download gives. */

/** Response headers for a PDF download named `filename` (the CSV twin is `csvHeaders` in ~/lib/csv). */
export function pdfHeaders(filename: string, cacheControl = "no-store"): HeadersInit {
  return {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
  };
}

/** A download: its headers alone for HEAD, else its body, made only then. */
export function downloadResponse(request: Request, headers: HeadersInit, body: () => BodyInit): Response {
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(body(), { headers });
}
