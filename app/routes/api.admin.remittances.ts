import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApiClosePeriodSchema } from "~/lib/schemas/staff-api";
import { addDays } from "~/lib/tax-year";
import { OperationError } from "~/models/admin/operations.server";
import { closePeriod, listRemittances, proposedPeriod, townToday } from "~/models/remittance.server";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { requireApiAdmin, requireApiStaff } from "~/utils/session.server";
import { requireApiStepUp } from "~/utils/step-up.server";

/** GET /api/admin/remittances: the closed statements, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  return Response.json({ remittances: listRemittances().map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) });
}

/**
 * The first day of the period closed through `through`: the day after the last closed statement
 * (periods follow one another), or with none yet the first day of the month of the oldest line
 * not remitted (what the Remittance page proposes); never after `through`.
 */
function periodStart(through: string): string {
  const lastEnd = listRemittances().reduce<string | null>((max, r) => (max === null || r.periodTo > max ? r.periodTo : max), null);
  const from = lastEnd ? addDays(lastEnd, 1) : proposedPeriod().from;
  return from < through ? from : through;
}

/**
 * POST /api/admin/remittances {through, remittedOn?, reference?}: closes the period up to
 * `through` as the Remittance page's Close form does (closePeriod): every payment and refund not
 * remitted yet and dated on or before it is stamped with the new statement. Administrators only,
 * behind the step-up (403 mfa_required). 201 the statement (Location: its URL); 400 invalid or a
 * day after today; 409 nothing to remit; 502 Stripe unreachable for the card fees.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireApiAdmin(request);
  await requireApiStepUp(request);
  assertMethod(request, "POST");
  const input = await readJsonWith(request, ApiClosePeriodSchema);
  try {
    const statement = await closePeriod(actor, {
      from: periodStart(input.through),
      to: input.through,
      remittedOn: input.remittedOn ?? townToday(),
      reference: input.reference ?? `Closed through ${input.through}`,
    });
    return Response.json(statement, { status: 201, headers: { Location: `/api/admin/remittances/${statement.id}` } });
  } catch (error) {
    if (error instanceof OperationError) return apiError(error.status, error.message);
    throw error;
  }
}
