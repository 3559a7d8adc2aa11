import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { receiptPdfFilename } from "~/lib/receipt";
import { getReceiptForViewer } from "~/models/payment.server";
import { receiptDocument } from "~/models/receipt-document.server";
import { receiptPdf } from "~/services/receipt-pdf.server";
import { pdfHeaders } from "~/utils/http";
import { requestT } from "~/utils/i18n.server";
import { requireUser } from "~/utils/session.server";

/**
 * GET /receipt/{id}/pdf: the Local Business Tax Receipt as a PDF, with the page's privacy: the
 * payer and administrators only; anyone else gets the same 404 as a missing receipt. In the
 * request's language (issue 42).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "payment:signIn.loginToViewReceipts" });
  const paymentId = parseId(params.paymentId);
  const row = paymentId ? getReceiptForViewer(paymentId, user) : undefined;
  const { language, t } = await requestT(request, "documents");
  if (!row) return new Response(t("receipt.notFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const doc = receiptDocument(row.payment, row.business, language);
  const bytes = await receiptPdf(doc);
  return new Response(Buffer.from(bytes), { headers: pdfHeaders(receiptPdfFilename(doc), "private, no-store") });
}
