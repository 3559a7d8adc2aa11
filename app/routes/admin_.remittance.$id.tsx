import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection, adminLinkClass as linkClass } from "~/components/admin/admin-page";
import { StatementLines, StatementTotals } from "~/components/admin/statement-view";
import { parseId } from "~/lib/ids";
import { longDate } from "~/lib/tax-year";
import { closedStatement } from "~/models/remittance.server";
import { requireStaff } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Remittance statement | Admin | Florida Business Registry" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const id = parseId(params.id);
  const statement = id === null ? null : closedStatement(id);
  if (!statement) throw new Response("Statement not found", { status: 404 });
  return { statement };
}

export default function RemittanceStatement() {
  const { statement: s } = useLoaderData<typeof loader>();
  const api = `/api/admin/remittances/${s.id}`;
  return (
    <AdminPage
      back={{ to: "/admin/remittance", label: "Remittance" }}
      title={`Remittance statement #${s.id}`}
      lead={`${longDate(s.period.from)} to ${longDate(s.period.to)}. Remitted on ${longDate(s.remittedOn!)}, reference ${s.reference}. Closed: it never changes.`}
    >
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <a href={`${api}?format=pdf`} className={linkClass} download>
          Statement (PDF)
        </a>
        <a href={`${api}?format=csv`} className={linkClass} download>
          Statement (CSV)
        </a>
        <a href={`${api}/businesses.csv`} className={linkClass} download>
          Business data (CSV)
        </a>
      </p>
      <StatementTotals totals={s.totals} />
      <StatementLines lines={s.lines} caption={`Lines of statement ${s.id}`} />
      <AdminSection id="businesses" title={`Business data (${s.businesses.length})`} className="mt-8">
        <ul className="mt-2 list-disc pl-5 text-sm">
          {s.businesses.map((b) => (
            <li key={b.id}>
              {b.name} ({b.documentNumber}){b.address ? `, ${b.address}` : ""}
              {b.city ? `, ${b.city}` : ""}: {b.isClaimed ? `claimed${b.ownerName ? ` by ${b.ownerName}` : ""}` : "not claimed"}, {b.employeeCount ?? 0}{" "}
              employees, {b.vehicleCount ?? 0} vehicles
            </li>
          ))}
        </ul>
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
