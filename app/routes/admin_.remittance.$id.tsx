import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatementLines, StatementTotals } from "~/components/admin/statement-view";
import { GeneralErrorBoundary } from "~/components/error-boundary";
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

const linkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";

export default function RemittanceStatement() {
  const { statement: s } = useLoaderData<typeof loader>();
  const api = `/api/admin/remittances/${s.id}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin/remittance" className={linkClass}>
          Remittance
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Remittance statement #{s.id}</h1>
      <p className="mt-2 text-sm">
        {longDate(s.period.from)} to {longDate(s.period.to)}. Remitted on {longDate(s.remittedOn!)}, reference {s.reference}. Closed: it never changes.
      </p>
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
      <section aria-labelledby="businesses" className="mt-8">
        <h2 id="businesses" className="text-xl font-semibold">
          Business data ({s.businesses.length})
        </h2>
        <ul className="mt-2 list-disc pl-5 text-sm">
          {s.businesses.map((b) => (
            <li key={b.id}>
              {b.name} ({b.documentNumber}){b.address ? `, ${b.address}` : ""}
              {b.city ? `, ${b.city}` : ""}: {b.isClaimed ? `claimed${b.ownerName ? ` by ${b.ownerName}` : ""}` : "not claimed"}, {b.employeeCount ?? 0}{" "}
              employees, {b.vehicleCount ?? 0} vehicles
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
