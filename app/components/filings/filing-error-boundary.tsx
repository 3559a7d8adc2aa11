import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/components/ui/button";

/** The error page of a filing's routes: a 404 says what may be missing (a key of "filings") and leads back to the Documents tab. */
export function FilingErrorBoundary({ notFound }: { notFound: string }) {
  const { t } = useTranslation("filings");
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title={t("errorPage.title")} message={t(notFound)}>
            <ButtonLink to="/dashboard?tab=documents">{t("errorPage.goToDocuments")}</ButtonLink>
          </ErrorPage>
        ),
      }}
    />
  );
}
