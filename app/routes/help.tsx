import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { HelpLayout, HelpSection, proseLink } from "~/components/help/help-layout";
import { BASE_FEE_CENTS, computeFee, PER_EMPLOYEE_CENTS, PER_VEHICLE_CENTS } from "~/lib/fee";
import { useFormat } from "~/lib/hooks/use-format";
import { translatedMeta } from "~/lib/meta";
import { telHref } from "~/lib/town";
import { getTownContact } from "~/models/town.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";

export const handle = { i18n: ["help"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requestT(request, "help");
  const town = getTownContact();
  return {
    town: { ...town, tel: telHref(town.phone) },
    meta: pageMetaText(t, t("center.title"), t("center.description")),
  };
}

const topics = ["searching", "claiming", "fee", "paying", "receipts", "renewal", "contact"] as const;

const strong = <strong />;
const em = <em />;

export default function HelpCenter() {
  const { town } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  const { money } = useFormat();
  const example = computeFee(3, 2);
  return (
    <HelpLayout
      title={t("center.title")}
      current="/help"
      intro={
        <p>
          <Trans
            t={t}
            i18nKey="center.intro"
            values={{ town: town.name }}
            components={{ faq: <Link to="/faq" className={proseLink} /> }}
          />
        </p>
      }
    >
      <nav aria-label={t("center.topicsNav")} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
          {t("center.onThisPage")}
        </h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {topics.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className={proseLink}>
                {t(`center.topics.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-10">
        <HelpSection id="searching" title={t("center.topics.searching")}>
          <p>
            <Trans t={t} i18nKey="center.searching.intro" components={{ search: <Link to="/search" className={proseLink} /> }} />
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              <Trans t={t} i18nKey="center.searching.name" components={{ strong }} />
            </li>
            <li>
              <Trans t={t} i18nKey="center.searching.documentNumber" components={{ strong }} />
            </li>
            <li>
              <Trans t={t} i18nKey="center.searching.city" values={{ town: town.name }} components={{ strong }} />
            </li>
          </ul>
          <p>
            <Trans t={t} i18nKey="center.searching.more" components={{ em }} />
          </p>
        </HelpSection>

        <HelpSection id="claiming" title={t("center.topics.claiming")}>
          <p>
            <Trans t={t} i18nKey="center.claiming.letter" values={{ town: town.name }} components={{ strong }} />
          </p>
          <ol className="list-decimal space-y-1 pl-6">
            <li>
              <Trans
                t={t}
                i18nKey="center.claiming.account"
                components={{
                  register: <Link to="/register" className={proseLink} />,
                  login: <Link to="/login" className={proseLink} />,
                }}
              />
            </li>
            <li>
              <Trans t={t} i18nKey="center.claiming.find" components={{ em }} />
            </li>
            <li>{t("center.claiming.counts")}</li>
            <li>{t("center.claiming.license")}</li>
          </ol>
          <p>{t("center.claiming.certify")}</p>
        </HelpSection>

        <HelpSection id="fee" title={t("center.topics.fee")}>
          <p>
            <Trans
              t={t}
              i18nKey="center.fee.rule"
              values={{ base: money(BASE_FEE_CENTS), employee: money(PER_EMPLOYEE_CENTS), vehicle: money(PER_VEHICLE_CENTS) }}
              components={{ strong }}
            />
          </p>
          <p>
            <Trans
              t={t}
              i18nKey="center.fee.example"
              values={{
                employees: example.employees,
                vehicles: example.vehicles,
                baseAmount: money(example.baseCents),
                employeeAmount: money(example.employeeCents),
                vehicleAmount: money(example.vehicleCents),
                total: money(example.totalCents),
              }}
              components={{ strong }}
            />
          </p>
        </HelpSection>

        <HelpSection id="paying" title={t("center.topics.paying")}>
          <p>
            <Trans
              t={t}
              i18nKey="center.paying.how"
              components={{ em, dashboard: <Link to="/dashboard" className={proseLink} /> }}
            />
          </p>
          <p>
            <Trans t={t} i18nKey="center.paying.once" components={{ em }} />
          </p>
        </HelpSection>

        <HelpSection id="receipts" title={t("center.topics.receipts")}>
          <p>
            <Trans t={t} i18nKey="center.receipts.text" components={{ em }} />
          </p>
        </HelpSection>

        <HelpSection id="renewal" title={t("center.topics.renewal")}>
          <p>
            <Trans t={t} i18nKey="center.renewal.year" components={{ strong }} />
          </p>
          <p>
            <Trans t={t} i18nKey="center.renewal.penalty" components={{ strong }} />
          </p>
          <p>
            <Trans t={t} i18nKey="center.renewal.auto" components={{ strong }} />
          </p>
        </HelpSection>

        <HelpSection id="contact" title={t("center.topics.contact")}>
          <p>{t("center.contact.intro", { town: town.name })}</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              {t("center.contact.email")}{" "}
              <a href={`mailto:${town.email}`} className={proseLink}>
                {town.email}
              </a>
            </li>
            <li>
              {t("center.contact.phone")}{" "}
              <a href={town.tel} className={proseLink}>
                {town.phone}
              </a>
            </li>
          </ul>
          <p>
            <Trans t={t} i18nKey="center.contact.more" components={{ contact: <Link to="/contact" className={proseLink} /> }} />
          </p>
        </HelpSection>
      </div>
    </HelpLayout>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
