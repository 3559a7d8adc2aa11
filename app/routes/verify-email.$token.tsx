import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translatedMeta } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { verifyEmail } from "~/models/mail-preferences.server";

export const handle = { i18n: ["auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** The link from the welcome or confirmation email: opening it confirms the address (single use). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const outcome = verifyEmail(params.token ?? "");
  const { t } = await requestT(request, "auth");
  const meta = pageMetaText(t, t("verify.title"), t("verify.description"));
  return data({ verified: outcome === "verified", meta }, { status: outcome === "verified" ? 200 : 410, headers: { "Referrer-Policy": "no-referrer" } });
}

export default function VerifyEmailPage() {
  const { t } = useTranslation("auth");
  const { verified } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{verified ? t("verify.confirmedHeading") : t("verify.expiredHeading")}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        {verified ? t("verify.confirmed") : t("verify.expired")}
      </p>
      <p className="mt-6">
        <Link to="/profile" className="text-primary-700 underline dark:text-primary-100">
          {t("verify.profile")}
        </Link>
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
