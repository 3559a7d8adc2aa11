import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { proseLink } from "~/components/help/help-layout";
import { apiReference, type EndpointView, type FieldRow } from "~/lib/api-contract/reference";
import { translatedMeta } from "~/lib/meta";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "~/lib/pagination";
import { COUNT_CAP } from "~/models/business-search.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";

export const handle = { i18n: ["help"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/**
 * Server-rendered from the contract (app/lib/api-contract), the same source as /api/openapi.json.
 * The page's own prose and headings follow the language; the contract's texts (endpoint summaries,
 * rules, answers), code samples, paths and JSON stay as they are, in English.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requestT(request, "help");
  const origin = new URL(request.url).origin;
  return {
    meta: pageMetaText(t, t("developers.title"), t("developers.description")),
    origin,
    countCap: COUNT_CAP,
    pageSize: DEFAULT_PAGE_SIZE,
    maxPageSize: MAX_PAGE_SIZE,
    groups: apiReference(origin),
  };
}

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100";
const pre =
  "mt-2 whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-4 font-mono text-sm text-slate-50 dark:bg-slate-950";
const th = "border-b border-slate-300 px-3 py-2 text-left font-semibold dark:border-slate-600";
const td = "border-b border-slate-200 px-3 py-2 align-top dark:border-slate-700";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="mt-12 scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-800 dark:text-slate-200">{children}</div>
    </section>
  );
}

function HeaderRow({ names }: { names: string[] }) {
  return (
    <tr>
      {names.map((name) => (
        <th key={name} scope="col" className={th}>
          {name}
        </th>
      ))}
    </tr>
  );
}

function Fields({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  const { t } = useTranslation("help");
  const showWhere = rows.some((r) => r.where);
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <HeaderRow
            names={(showWhere ? (["name", "in", "type", "required", "rules"] as const) : (["name", "type", "required", "rules"] as const)).map(
              (column) => t(`developers.columns.${column}`)
            )}
          />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.where ?? ""}${row.name}`}>
              <td className={`${td} font-mono`}>{row.name}</td>
              {showWhere ? <td className={td}>{row.where}</td> : null}
              <td className={`${td} font-mono`}>{row.type}</td>
              <td className={td}>{row.required ? t("developers.yes") : t("developers.no")}</td>
              <td className={`${td} break-all`}>{row.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndpointSection({ endpoint }: { endpoint: EndpointView }) {
  const { t } = useTranslation("help");
  return (
    // A <details> per endpoint: the page stays scannable, and opens without JavaScript.
    <details id={endpoint.anchor} className="mt-4 scroll-mt-24 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer">
        <h3 className="inline text-lg font-semibold">
          <span className="mr-2 rounded bg-slate-800 px-2 py-0.5 font-mono text-sm text-white dark:bg-slate-200 dark:text-slate-900">
            {endpoint.method}
          </span>
          <span className="font-mono">{endpoint.path}</span>
        </h3>
        <span className="ml-2 text-slate-700 dark:text-slate-300">{endpoint.summary}</span>
      </summary>
      {endpoint.description ? <p className="mt-1 text-slate-700 dark:text-slate-300">{endpoint.description}</p> : null}
      <p className="mt-1 text-sm">
        <strong>{t("developers.whoMayCall")}</strong> {endpoint.access}
      </p>
      {endpoint.params.length ? <Fields caption={t("developers.parameters")} rows={endpoint.params} /> : null}
      {endpoint.body ? <Fields
          caption={t(endpoint.body.optional ? "developers.bodyOptional" : "developers.body", { contentType: endpoint.body.contentType })}
          rows={endpoint.body.fields}
        /> : null}
      <h4 className="mt-4 font-semibold">{t("developers.exampleRequest")}</h4>
      <pre className={pre}>
        <code>{endpoint.exampleRequest}</code>
      </pre>
      <h4 className="mt-4 font-semibold">{t("developers.exampleAnswer", { status: endpoint.exampleStatus })}</h4>
      <pre className={pre}>
        <code>{endpoint.exampleAnswer}</code>
      </pre>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="mb-1 text-left font-semibold">{t("developers.answers")}</caption>
          <thead>
            <HeaderRow names={[t("developers.columns.status"), t("developers.columns.when"), t("developers.columns.errorBody")]} />
          </thead>
          <tbody>
            {endpoint.responses.map((r) => (
              <tr key={r.status}>
                <td className={`${td} font-mono`}>{r.status}</td>
                <td className={td}>{r.description}</td>
                <td className={`${td} break-all font-mono`}>{r.example ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export default function Developers() {
  const { origin, countCap, pageSize, maxPageSize, groups } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  const codeTag = <code className={code} />;
  const cap = countCap.toLocaleString("en-US");
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-bold">{t("developers.heading")}</h1>
      <div className="mt-4 space-y-3 text-lg text-slate-700 dark:text-slate-300">
        <p>
          <Trans
            t={t}
            i18nKey="developers.intro"
            components={{ openapi: <a href="/api/openapi.json" className={proseLink} /> }}
          />
        </p>
      </div>

      <nav aria-label={t("developers.onThisPage")} className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h2 className="text-lg font-semibold">{t("developers.onThisPage")}</h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {(["authentication", "money", "pagination", "errors"] as const).map((id) => (
            <li key={id}>
              <a href={`#${id}`} className={proseLink}>
                {t(`developers.sections.${id}`)}
              </a>
            </li>
          ))}
          {groups.map((g) => (
            <li key={g.tag}>
              <a href={`#tag-${g.tag}`} className={proseLink}>
                {g.tag}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="authentication" title={t("developers.sections.authentication")}>
        <p>
          <Trans t={t} i18nKey="developers.auth.session" components={{ code: codeTag }} />
        </p>
        <pre className={pre}>
          <code>{`curl -c cookies.txt -H 'Content-Type: application/json' \\
  -d '{"username":"demo","password":"demo-user-1"}' ${origin}/api/login
curl -b cookies.txt ${origin}/api/user`}</code>
        </pre>
        <p>
          <Trans t={t} i18nKey="developers.auth.bodies" components={{ code: codeTag }} />
        </p>
      </Section>

      <Section id="money" title={t("developers.sections.money")}>
        <p>
          <Trans t={t} i18nKey="developers.money" components={{ code: codeTag }} />
        </p>
      </Section>

      <Section id="pagination" title={t("developers.sections.pagination")}>
        <p>
          <Trans
            t={t}
            i18nKey="developers.pagination.params"
            values={{ maxPageSize, pageSize, shape: "pagination: { page, limit, total, totalPages }" }}
            components={{ code: codeTag }}
          />
        </p>
        <p>
          <Trans t={t} i18nKey="developers.pagination.cap" values={{ countCap: cap }} components={{ code: codeTag }} />
        </p>
        <p>{t("developers.pagination.arrays")}</p>
      </Section>

      <Section id="errors" title={t("developers.sections.errors")}>
        <p>{t("developers.errors.shape")}</p>
        <pre className={pre}>
          <code>{`{
  "error": {
    "message": "Please check your information and try again",
    "fieldErrors": { "email": ["Please enter a valid email address"] }
  }
}`}</code>
        </pre>
        <p>
          <Trans t={t} i18nKey="developers.errors.statuses" components={{ code: codeTag }} />
        </p>
      </Section>

      {groups.map((group) => (
        <Section key={group.tag} id={`tag-${group.tag}`} title={group.tag}>
          <p>{group.description}</p>
          {group.endpoints.map((endpoint) => (
            <EndpointSection key={endpoint.anchor} endpoint={endpoint} />
          ))}
        </Section>
      ))}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
