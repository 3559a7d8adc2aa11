import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage, AdminSection, adminLinkClass as linkClass } from "~/components/admin/admin-page";
import { StatementLines, StatementTotals } from "~/components/admin/statement-view";
import { parseId } from "~/lib/ids";
import { useFormat } from "~/lib/hooks/use-format";
import { translatedMeta } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { closedStatement } from "~/models/remittance.server";
import { requireStaff } from "~/utils/session.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const id = parseId(params.id);
  const statement = id === null ? null : closedStatement(id);
  if (!statement) throw new Response("Statement not found", { status: 404 });
  const { t } = await requestT(request, "admin");
  return { statement, meta: pageMetaText(t, t("statement.title"), t("statement.description", { id: statement.id })) };
}

export default function RemittanceStatement() {
  const { statement: s } = useLoaderData<typeof loader>();
  const api = `/api/admin/remittances/${s.id}`;
  const { t } = useTranslation("admin");
  const { longDate } = useFormat();
  return (
    <AdminPage
      back={{ to: "/admin/remittance", label: t("nav.entries.remittance") }}
      title={t("statement.heading", { id: s.id })}
      lead={t("statement.lead", {
        from: longDate(s.period.from),
        to: longDate(s.period.to),
        remittedOn: longDate(s.remittedOn!),
        reference: s.reference,
      })}
    >
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <a href={`${api}?format=pdf`} className={linkClass} download>
          {t("statement.pdf")}
        </a>
        <a href={`${api}?format=csv`} className={linkClass} download>
          {t("statement.csv")}
        </a>
        <a href={`${api}/businesses.csv`} className={linkClass} download>
          {t("statement.businessesCsv")}
        </a>
      </p>
      <StatementTotals totals={s.totals} />
      <StatementLines lines={s.lines} caption={t("statement.linesCaption", { id: s.id })} />
      <AdminSection id="businesses" title={t("statement.businesses", { n: s.businesses.length })} className="mt-8">
        <ul className="mt-2 list-disc pl-5 text-sm">
          {s.businesses.map((b) => (
            <li key={b.id}>
              {b.name} ({b.documentNumber}){b.address ? `, ${b.address}` : ""}
              {b.city ? `, ${b.city}` : ""}:{" "}
              {t("statement.businessLine", {
                claimed: b.isClaimed ? (b.ownerName ? t("statement.claimedBy", { name: b.ownerName }) : t("statement.claimed")) : t("statement.notClaimed"),
                employees: b.employeeCount ?? 0,
                vehicles: b.vehicleCount ?? 0,
              })}
            </li>
          ))}
        </ul>
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
