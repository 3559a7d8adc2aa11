import { csvHeaders, csvStream } from "~/lib/csv";
import { remittancePdf } from "~/services/remittance-pdf.server";
import type { Statement, StatementLine } from "~/lib/remittance";
import { STATEMENT_BUSINESS_CSV_COLUMNS, STATEMENT_CSV_COLUMNS } from "~/models/remittance.server";
import { getEnv } from "~/utils/env.server";

/** A statement's lines as a CSV download. */
export function statementCsvResponse(lines: StatementLine[], filename: string): Response {
  return new Response(csvStream(STATEMENT_CSV_COLUMNS, lines), { headers: csvHeaders(filename) });
}

/** The business data of a statement as a CSV download. */
export function statementBusinessesCsvResponse(statement: Statement, filename: string): Response {
  return new Response(csvStream(STATEMENT_BUSINESS_CSV_COLUMNS, statement.businesses), { headers: csvHeaders(filename) });
}

/** A statement as a PDF download. */
export async function statementPdfResponse(statement: Statement, filename: string): Promise<Response> {
  const env = getEnv();
  const bytes = await remittancePdf(statement, { name: env.TOWN_NAME, state: env.TOWN_STATE, address: env.TOWN_ADDRESS });
  return new Response(Buffer.from(bytes), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store" },
  });
}
