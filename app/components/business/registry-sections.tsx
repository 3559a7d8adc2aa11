/**
 * The business page's sections from the state's registry file: Registered agent, Officers and
 * managers, Annual reports, Mailing address. One column on a phone, each person or address read
 * top to bottom, long names wrapped instead of scrolled sideways.
 */
import { officerTitleLabel } from "~/lib/cordata";
import { formatCardDate } from "~/lib/dates";

type Address = {
  address1?: string | null;
  address2?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
};

export type RegistrySectionsData = {
  mailingAddress: (Address & { country: string | null }) | null;
  registeredAgent: (Address & { name: string; type: string | null }) | null;
  officers: (Address & { position: number; title: string | null; type: string | null; name: string })[];
  annualReports: { year: number | null; filedOn: string | null }[];
  moreOfficers: boolean;
};

const cardClass = "rounded-lg border border-slate-200 p-6 dark:border-slate-700";

/** ZIP+4 written as the state does (330231234) shown as 33023-1234. */
function zip(value: string | null | undefined) {
  if (!value) return "";
  return /^\d{9}$/.test(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : value;
}

function AddressLines({ a }: { a: Address }) {
  const street = [a.address1 ?? a.address, a.address2].filter(Boolean) as string[];
  const place = [a.city, [a.state, zip(a.zip)].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  if (street.length === 0 && !place) return <span className="text-sm">Address not on file</span>;
  return (
    <address className="not-italic">
      {street.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
      {place ? <span className="block">{place}</span> : null}
    </address>
  );
}

const kind = (type: string | null) => (type === "C" ? "Company" : type === "P" ? "Person" : null);

export function RegistrySections({ data }: { data: RegistrySectionsData }) {
  return (
    <>
      <section aria-labelledby="agent-heading" className={cardClass} data-testid="registered-agent">
        <h2 id="agent-heading" className="text-lg font-semibold">
          Registered agent
        </h2>
        {data.registeredAgent ? (
          <div className="mt-3 break-words">
            <p className="font-medium">{data.registeredAgent.name}</p>
            {kind(data.registeredAgent.type) ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{kind(data.registeredAgent.type)}</p>
            ) : null}
            <div className="mt-1">
              <AddressLines a={data.registeredAgent} />
            </div>
          </div>
        ) : (
          <p className="mt-3 text-sm">No registered agent on file.</p>
        )}
      </section>

      <section aria-labelledby="officers-heading" className={cardClass} data-testid="officers">
        <h2 id="officers-heading" className="text-lg font-semibold">
          Officers and managers
        </h2>
        {data.officers.length ? (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {data.officers.map((o) => (
              <li key={o.position} className="break-words">
                <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
                  {officerTitleLabel(o.title)}
                  {o.title && officerTitleLabel(o.title) !== o.title ? ` (${o.title})` : ""}
                </p>
                <p className="font-medium">{o.name}</p>
                <AddressLines a={o} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm">No officers on file.</p>
        )}
        {data.moreOfficers ? (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            The state lists more officers than its data file holds.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="reports-heading" className={cardClass} data-testid="annual-reports">
        <h2 id="reports-heading" className="text-lg font-semibold">
          Annual reports
        </h2>
        {data.annualReports.length ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            {data.annualReports.map((r, i) => (
              <div key={i} className="contents">
                <dt className="font-medium">{r.year ?? "Year unknown"}</dt>
                <dd>Filed {formatCardDate(r.filedOn, "on an unknown date")}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-3 text-sm">No annual reports on file.</p>
        )}
      </section>

      <section aria-labelledby="mailing-heading" className={cardClass} data-testid="mailing-address">
        <h2 id="mailing-heading" className="text-lg font-semibold">
          Mailing address
        </h2>
        <div className="mt-3 break-words">
          {data.mailingAddress ? <AddressLines a={data.mailingAddress} /> : <p className="text-sm">Not on file.</p>}
        </div>
      </section>
    </>
  );
}
