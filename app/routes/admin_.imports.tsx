import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
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
const headClass = "px-3 py-2 text-left font-semibold";
const cellClass = "px-3 py-2 align-top";

export default function AdminImportsPage() {
  const { asOf, imports } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <Link to="/admin" className="text-sm text-primary-700 underline-offset-2 hover:underline dark:text-primary-100">
        ← Admin dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Registry Imports</h1>
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
        <div className="mt-6 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
            <caption className="sr-only">State files imported, newest first</caption>
            <thead>
              <tr>
                {["File", "Finished (UTC)", "Read", "Inserted", "Updated", "Unchanged", "Rejected", "Unknown codes", "Speed", "SHA-256"].map(
                  (h) => (
                    <th key={h} scope="col" className={headClass}>
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {imports.map((i) => (
                <tr key={i.id} data-testid="import-row">
                  <td className={`${cellClass} font-mono`}>{i.fileName}</td>
                  <td className={cellClass}>{i.finishedAt.replace("T", " ").slice(0, 19)}</td>
                  <td className={cellClass}>{n(i.summary.read)}</td>
                  <td className={cellClass}>{n(i.summary.inserted)}</td>
                  <td className={cellClass}>{n(i.summary.updated)}</td>
                  <td className={cellClass}>{n(i.summary.unchanged)}</td>
                  <td className={cellClass}>{n(i.summary.rejected)}</td>
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
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
