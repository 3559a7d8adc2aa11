/**
 * The business page's sections from the state's registry file: Registered agent, Officers and
 * managers, Annual reports, Mailing address. One column on a phone, each person or address read
 * top to bottom, long names wrapped instead of scrolled sideways.
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { officerTitleLabel } from "~/lib/cordata";
import { useFormat } from "~/lib/hooks/use-format";

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
  const { t } = useTranslation("business");
  const street = [a.address1 ?? a.address, a.address2].filter(Boolean) as string[];
  const place = [a.city, [a.state, zip(a.zip)].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  if (street.length === 0 && !place) return <span className="text-sm">{t("registry.addressNotOnFile")}</span>;
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

/**
 * The business page's dates: the spec's "Jan 5, 2026" in English; in Spanish the month written
 * out ("5 de enero de 2026"), as a record's dates read there, not the abbreviated "5 ene 2026".
 */
export function useDetailDate() {
  const { language, cardDate, longDate } = useFormat();
  return language === "en" ? cardDate : longDate;
}

const kind = (t: TFunction, type: string | null) =>
  type === "C" ? t("registry.company") : type === "P" ? t("registry.person") : null;

export function RegistrySections({ data }: { data: RegistrySectionsData }) {
  const { t } = useTranslation("business");
  const date = useDetailDate();
  return (
    <>
      <section aria-labelledby="agent-heading" className={cardClass} data-testid="registered-agent">
        <h2 id="agent-heading" className="text-lg font-semibold">
          {t("registry.agentHeading")}
        </h2>
        {data.registeredAgent ? (
          <div className="mt-3 break-words">
            <p className="font-medium">{data.registeredAgent.name}</p>
            {kind(t, data.registeredAgent.type) ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{kind(t, data.registeredAgent.type)}</p>
            ) : null}
            <div className="mt-1">
              <AddressLines a={data.registeredAgent} />
            </div>
          </div>
        ) : (
          <p className="mt-3 text-sm">{t("registry.noAgent")}</p>
        )}
      </section>

      <section aria-labelledby="officers-heading" className={cardClass} data-testid="officers">
        <h2 id="officers-heading" className="text-lg font-semibold">
          {t("registry.officersHeading")}
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
          <p className="mt-3 text-sm">{t("registry.noOfficers")}</p>
        )}
        {data.moreOfficers ? (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            {t("registry.moreOfficers")}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="reports-heading" className={cardClass} data-testid="annual-reports">
        <h2 id="reports-heading" className="text-lg font-semibold">
          {t("registry.reportsHeading")}
        </h2>
        {data.annualReports.length ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            {data.annualReports.map((r, i) => (
              <div key={i} className="contents">
                <dt className="font-medium">{r.year ?? t("registry.yearUnknown")}</dt>
                <dd>{date(r.filedOn, "") ? t("registry.filed", { date: date(r.filedOn) }) : t("registry.filedUnknown")}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-3 text-sm">{t("registry.noReports")}</p>
        )}
      </section>

      <section aria-labelledby="mailing-heading" className={cardClass} data-testid="mailing-address">
        <h2 id="mailing-heading" className="text-lg font-semibold">
          {t("registry.mailingHeading")}
        </h2>
        <div className="mt-3 break-words">
          {data.mailingAddress ? <AddressLines a={data.mailingAddress} /> : <p className="text-sm">{t("registry.notOnFile")}</p>}
        </div>
      </section>
    </>
  );
}
