import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { formatCardDate } from "~/lib/dates";
import { listRegistryImports, registryAsOf } from "~/models/registry-imports.server";
import { requireAdmin } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Registry Imports | Florida Business Registry" }];

/** /admin/imports: how current the registry is, and every state file applied (admins only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return {
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
  return (
    <AdminPage title="Registry Imports">
      <p className="mt-2 text-lg" data-testid="registry-as-of">
        {asOf
          ? `Registry as of ${formatCardDate(asOf.date)} (${asOf.fileName})`
          : "No state file has been imported yet: the registry holds the demo data."}
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Files are loaded with <code>npm run registry:import -- FILE...</code> or picked up from the drop folder by{" "}
        <code>npm run registry:import-dir -- DIR</code>.
      </p>
      {imports.length ? (
        <DataTable
          className="mt-6"
          caption="State files imported, newest first"
          headers={["File", "Finished (UTC)", "Read", "Inserted", "Updated", "Unchanged", "Rejected", "Unknown codes", "Speed", "SHA-256"]}
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
                  .join(", ") || "None"}
              </td>
              <td className={cellClass}>
                {n(i.summary.perSecond)} rec/s in {i.summary.seconds ?? 0} s
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
