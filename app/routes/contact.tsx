import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { HelpLayout, HelpSection, proseLink } from "~/components/help/help-layout";
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
    meta: pageMetaText(t, t("contact.title"), t("contact.description")),
  };
}

export default function Contact() {
  const { town } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  return (
    <HelpLayout
      title={t("contact.title")}
      current="/contact"
      intro={<p>{t("contact.intro", { town: town.name, state: town.state })}</p>}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
          <h2 className="text-xl font-semibold">{t("contact.email")}</h2>
          <p className="mt-2">
            <a href={`mailto:${town.email}`} className={proseLink} data-testid="support-email">
              {town.email}
            </a>
          </p>
        </div>
        <div className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
          <h2 className="text-xl font-semibold">{t("contact.phone")}</h2>
          <p className="mt-2">
            <a href={town.tel} className={proseLink} data-testid="support-phone">
              {town.phone}
            </a>
          </p>
        </div>
      </div>

      <div className="mt-10">
        <HelpSection id="what-to-include" title={t("contact.include.title")}>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t("contact.include.business")}</li>
            <li>{t("contact.include.account")}</li>
            <li>{t("contact.include.payment")}</li>
            <li>{t("contact.include.never")}</li>
          </ul>
        </HelpSection>
        <HelpSection id="common" title={t("contact.common.title")}>
          <ul className="list-disc space-y-1 pl-6">
            <li>{t("contact.common.letter")}</li>
            <li>{t("contact.common.claimed")}</li>
            <li>{t("contact.common.fee")}</li>
          </ul>
          <p>
            <Trans
              t={t}
              i18nKey="contact.common.more"
              components={{ faq: <Link to="/faq" className={proseLink} />, help: <Link to="/help" className={proseLink} /> }}
            />
          </p>
        </HelpSection>
      </div>
    </HelpLayout>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
