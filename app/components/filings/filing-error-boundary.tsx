import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";

/** The error page of a filing's routes: a 404 says what may be missing and leads back to the Documents tab. */
export function FilingErrorBoundary({ notFound }: { notFound: string }) {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title="Filing Not Found" message={notFound}>
            <ButtonLink to="/dashboard?tab=documents">Go to my documents</ButtonLink>
          </ErrorPage>
        ),
      }}
    />
  );
}
