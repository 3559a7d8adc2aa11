import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { proseLink } from "~/components/help/help-layout";
import { apiReference, type EndpointView, type FieldRow } from "~/lib/api-contract/reference";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "~/lib/pagination";
import { COUNT_CAP } from "~/models/business-search.server";

export const meta: MetaFunction = () => [
  { title: "API Reference for Developers | Florida Business Registry" },
  { name: "description", content: "The JSON API: authentication, conventions, and every endpoint with an example." },
];

/** Server-rendered from the contract (app/lib/api-contract), the same source as /api/openapi.json. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  return {
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
  const showWhere = rows.some((r) => r.where);
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-1 text-left font-semibold">{caption}</caption>
        <thead>
          <HeaderRow names={showWhere ? ["Name", "In", "Type", "Required", "Rules"] : ["Name", "Type", "Required", "Rules"]} />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.where ?? ""}${row.name}`}>
              <td className={`${td} font-mono`}>{row.name}</td>
              {showWhere ? <td className={td}>{row.where}</td> : null}
              <td className={`${td} font-mono`}>{row.type}</td>
              <td className={td}>{row.required ? "yes" : "no"}</td>
              <td className={`${td} break-all`}>{row.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndpointSection({ endpoint }: { endpoint: EndpointView }) {
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
        <strong>Who may call it:</strong> {endpoint.access}
      </p>
      {endpoint.params.length ? <Fields caption="Parameters" rows={endpoint.params} /> : null}
      {endpoint.body ? <Fields caption={`Body (${endpoint.body.contentType}${endpoint.body.optional ? ", optional" : ""})`} rows={endpoint.body.fields} /> : null}
      <h4 className="mt-4 font-semibold">Example request</h4>
      <pre className={pre}>
        <code>{endpoint.exampleRequest}</code>
      </pre>
      <h4 className="mt-4 font-semibold">Example answer ({endpoint.exampleStatus})</h4>
      <pre className={pre}>
        <code>{endpoint.exampleAnswer}</code>
      </pre>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="mb-1 text-left font-semibold">Answers</caption>
          <thead>
            <HeaderRow names={["Status", "When", "Example error body"]} />
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
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-bold">API Reference</h1>
      <div className="mt-4 space-y-3 text-lg text-slate-700 dark:text-slate-300">
        <p>
          Everything the site does in the browser is also a JSON API, for the town&apos;s IT staff and anyone writing an
          integration. This page and the machine-readable{" "}
          <a href="/api/openapi.json" className={proseLink}>
            OpenAPI 3.1 document
          </a>{" "}
          are generated from one contract, which the test suite checks every answer against.
        </p>
      </div>

      <nav aria-label="On this page" className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h2 className="text-lg font-semibold">On this page</h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {[
            ["authentication", "Authentication"],
            ["money", "Money in cents"],
            ["pagination", "Pagination and the count cap"],
            ["errors", "Errors"],
          ].map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className={proseLink}>
                {label}
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

      <Section id="authentication" title="Authentication">
        <p>
          Sign in with <code className={code}>POST /api/login</code>. The answer sets the session cookie{" "}
          <code className={code}>__session</code> (HttpOnly, SameSite=Lax); send it with every later call. Without
          &ldquo;remember me&rdquo; it ends with the browser session (and within 24 hours); with it, it lasts 30 days.{" "}
          <code className={code}>POST /api/logout</code> ends it. Calls that need a signed-in user answer 401 without it;
          administrator calls answer 403 to other users.
        </p>
        <pre className={pre}>
          <code>{`curl -c cookies.txt -H 'Content-Type: application/json' \\
  -d '{"username":"demo","password":"demo-user-1"}' ${origin}/api/login
curl -b cookies.txt ${origin}/api/user`}</code>
        </pre>
        <p>
          JSON bodies must be sent with <code className={code}>Content-Type: application/json</code>; claims and a
          filing&apos;s document uploads are <code className={code}>multipart/form-data</code>. Stripe&apos;s webhook is authenticated by Stripe&apos;s signature
          instead of a session.
        </p>
      </Section>

      <Section id="money" title="Money in cents">
        <p>
          Every amount is an integer number of cents in US dollars: <code className={code}>13500</code> is $135.00. The
          server computes the Business Tax Receipt fee ($100, plus $5 per employee and $10 per vehicle); an amount a
          client sends is only compared with it. The CSV downloads show dollars with two decimals.
        </p>
      </Section>

      <Section id="pagination" title="Pagination and the count cap">
        <p>
          Lists that page take <code className={code}>page</code> (from 1, default 1) and{" "}
          <code className={code}>limit</code> (1 to {maxPageSize}, default {pageSize}) and answer{" "}
          <code className={code}>{"pagination: { page, limit, total, totalPages }"}</code>. Asking for a page past the end
          answers the last page. A value that is not a whole number in range is a 400.
        </p>
        <p>
          Searches stop counting at {countCap.toLocaleString("en-US")} matches: <code className={code}>total</code> is then{" "}
          {countCap.toLocaleString("en-US")} and <code className={code}>totalIsCapped</code> is{" "}
          <code className={code}>true</code>. Narrow the search to page further.
        </p>
        <p>
          Lists that do not page (the user&apos;s businesses, claimed businesses, payments and filings, the town&apos;s
          activities, and the uploaded licences) answer a JSON array.
        </p>
      </Section>

      <Section id="errors" title="Errors">
        <p>Every error answers a JSON body of this shape, with the status:</p>
        <pre className={pre}>
          <code>{`{
  "error": {
    "message": "Please check your information and try again",
    "fieldErrors": { "email": ["Please enter a valid email address"] }
  }
}`}</code>
        </pre>
        <p>
          <code className={code}>fieldErrors</code> (field name to its messages) is present only for invalid input. The
          statuses: 400 invalid input, 401 not signed in or wrong credentials, 403 not allowed, 404 not found, 405 wrong
          method (with an <code className={code}>Allow</code> header), 409 conflicts with the current state, 413 upload
          too large, 415 body not sent as JSON, 429 too many attempts (with <code className={code}>Retry-After</code>).
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
