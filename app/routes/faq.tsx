import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { HelpLayout, proseLink } from "~/components/help/help-layout";
import { BASE_FEE_CENTS, PER_EMPLOYEE_CENTS, PER_VEHICLE_CENTS } from "~/lib/fee";
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
    meta: pageMetaText(t, t("faq.title"), t("faq.description")),
  };
}

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-slate-200 p-4 open:bg-slate-50 dark:border-slate-700 dark:open:bg-slate-900">
      <summary className="cursor-pointer text-lg font-semibold">{question}</summary>
      <div className="mt-3 space-y-2 text-slate-800 dark:text-slate-200">{children}</div>
    </details>
  );
}

/** The town's email and phone, as links: "<email> or <phone>". */
function TownContactLinks({ email, phone, tel }: { email: string; phone: string; tel: string }) {
  const { t } = useTranslation("help");
  return (
    <>
      <a href={`mailto:${email}`} className={proseLink}>
        {email}
      </a>{" "}
      {t("faq.or")}{" "}
      <a href={tel} className={proseLink}>
        {phone}
      </a>
    </>
  );
}

const em = <em />;

export default function Faq() {
  const { town } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  const { money } = useFormat();
  const contact = <TownContactLinks email={town.email} phone={town.phone} tel={town.tel} />;
  const dashboard = <Link to="/dashboard" className={proseLink} />;
  return (
    <HelpLayout
      title={t("faq.title")}
      current="/faq"
      intro={
        <p>
          <Trans
            t={t}
            i18nKey="faq.intro"
            values={{ town: town.name }}
            components={{ help: <Link to="/help" className={proseLink} /> }}
          />
        </p>
      }
    >
      <div className="space-y-3">
        <h2 className="mb-2 text-2xl font-semibold">{t("faq.searching")}</h2>
        <Question question={t("faq.needAccount.q")}>
          <p>
            <Trans t={t} i18nKey="faq.needAccount.a" components={{ search: <Link to="/search" className={proseLink} /> }} />
          </p>
        </Question>
        <Question question={t("faq.cantFind.q")}>
          <p>
            <Trans t={t} i18nKey="faq.cantFind.a" components={{ contact }} />
          </p>
        </Question>

        <h2 className="mb-2 pt-6 text-2xl font-semibold">{t("faq.claiming")}</h2>
        <Question question={t("faq.code.q")}>
          <p>
            <Trans t={t} i18nKey="faq.code.a" values={{ town: town.name }} components={{ contact }} />
          </p>
        </Question>
        <Question question={t("faq.claimed.q")}>
          <p>
            <Trans t={t} i18nKey="faq.claimed.a" components={{ contact }} />
          </p>
        </Question>
        <Question question={t("faq.license.q")}>
          <p>{t("faq.license.a")}</p>
        </Question>

        <h2 className="mb-2 pt-6 text-2xl font-semibold">{t("faq.paying")}</h2>
        <Question question={t("faq.cost.q")}>
          <p>
            {t("faq.cost.a", {
              base: money(BASE_FEE_CENTS),
              employee: money(PER_EMPLOYEE_CENTS),
              vehicle: money(PER_VEHICLE_CENTS),
            })}
          </p>
        </Question>
        <Question question={t("faq.how.q")}>
          <p>{t("faq.how.a")}</p>
        </Question>
        <Question question={t("faq.receipt.q")}>
          <p>
            <Trans t={t} i18nKey="faq.receipt.a" components={{ em, dashboard }} />
          </p>
        </Question>

        <h2 className="mb-2 pt-6 text-2xl font-semibold">{t("faq.renewing")}</h2>
        <Question question={t("faq.due.q")}>
          <p>{t("faq.due.a")}</p>
        </Question>
        <Question question={t("faq.late.q")}>
          <p>{t("faq.late.a")}</p>
        </Question>
        <Question question={t("faq.auto.q")}>
          <p>{t("faq.auto.a")}</p>
        </Question>

        <h2 className="mb-2 pt-6 text-2xl font-semibold">{t("faq.site")}</h2>
        <Question question={t("faq.noJs.q")}>
          <p>{t("faq.noJs.a")}</p>
        </Question>
        <Question question={t("faq.tour.q")}>
          <p>
            <Trans t={t} i18nKey="faq.tour.a" components={{ strong: <strong />, em }} />
          </p>
        </Question>
      </div>
    </HelpLayout>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
