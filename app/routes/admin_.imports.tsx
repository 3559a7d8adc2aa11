import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { useFormat } from "~/lib/hooks/use-format";
import { translatedMeta } from "~/lib/meta";
import { listRegistryImports, registryAsOf } from "~/models/registry-imports.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireAdmin } from "~/utils/session.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** /admin/imports: how current the registry is, and every state file applied (admins only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { t } = await requestT(request, "admin");
  return {
    meta: pageMetaText(t, t("imports.title"), t("imports.description")),
    asOf: registryAsOf(),
    imports: listRegistryImports(100).map((i) => ({
      ...i,
      startedAt: i.startedAt.toISOString(),
      finishedAt: i.finishedAt.toISOString(),
    })),
  };
}

const n = (x: number | undefined) => (x ?? 0).toLocaleString("en-US");
const COUNTS = ["read", "inserted", "updated", "unchanged", "rejected"] as const;

export default function AdminImportsPage() {
  const { asOf, imports } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { cardDate } = useFormat();
  return (
    <AdminPage title={t("imports.heading")}>
      <p className="mt-2 text-lg" data-testid="registry-as-of">
        {asOf ? t("imports.asOf", { date: cardDate(asOf.date), file: asOf.fileName }) : t("imports.none")}
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        <Trans
          t={t}
          i18nKey="imports.howTo"
          values={{ one: "npm run registry:import -- FILE...", dir: "npm run registry:import-dir -- DIR" }}
          components={{ code: <code /> }}
        />
      </p>
      {imports.length ? (
        <DataTable
          className="mt-6"
          caption={t("imports.caption")}
          headers={["file", "finished", "read", "inserted", "updated", "unchanged", "rejected", "unknownCodes", "speed", "sha"].map((key) => t(`imports.headers.${key}`))}
        >
          {imports.map((i) => (
            <tr key={i.id} data-testid="import-row">
              <td className={`${cellClass} font-mono`}>{i.fileName}</td>
              <td className={cellClass}>{i.finishedAt.replace("T", " ").slice(0, 19)}</td>
              {COUNTS.map((k) => (
                <td key={k} className={cellClass}>
                  {n(i.summary[k])}
                </td>
              ))}
              <td className={cellClass}>
                {Object.entries(i.summary.unknownCodes ?? {})
                  .map(([code, count]) => `${code} (${n(count)})`)
                  .join(", ") || t("imports.noCodes")}
              </td>
              <td className={cellClass}>
                {t("imports.speed", { perSecond: n(i.summary.perSecond), seconds: i.summary.seconds ?? 0 })}
              </td>
              <td className={`${cellClass} font-mono`} title={i.sha256}>
                {i.sha256.slice(0, 12)}…
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
