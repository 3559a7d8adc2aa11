import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The error pages' words: common's errors.* (any route can show these pages; common comes with every page). */
function useErrorsT() {
  return useTranslation("common", { keyPrefix: "errors" }).t;
}

type StatusHandler = (info: { status: number; data: unknown }) => ReactNode;

/** The server's answer to an unexpected error: `{ error: { message, requestId } }` (server/app-server.ts). */
function serverFailure(data: unknown): { message: string; requestId?: string } | null {
  const error = (data as { error?: { message?: unknown; requestId?: unknown } } | null)?.error;
  if (!error || typeof error.message !== "string") return null;
  return { message: error.message, requestId: typeof error.requestId === "string" ? error.requestId : undefined };
}

export function ErrorPage({
  title,
  message,
  reference,
  children,
}: {
  title: string;
  message: string;
  /** The request id (X-Request-Id) a user can quote to support. */
  reference?: string;
  children?: ReactNode;
}) {
  const t = useErrorsT();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{message}</p>
      {reference ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {t("reference")}
          <code data-testid="request-id">{reference}</code>
        </p>
      ) : null}
      <div className="mt-8 flex justify-center gap-3">
        {children ?? (
          <AppLink to="/" className="rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800">
            {t("goHome")}
          </AppLink>
        )}
      </div>
    </div>
  );
}

/**
 * A helpful page for any error a route throws: never a stack trace. Routes pass handlers for
 * the statuses they answer on purpose (404 with their own wording, for instance).
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  const t = useErrorsT();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler({ status: error.status, data: error.data })}</>;
    if (error.status === 404) {
      return <ErrorPage title={t("notFound.title")} message={t("notFound.message")} />;
    }
    if (error.status === 403) {
      return <ErrorPage title={t("forbidden.title")} message={t("forbidden.message")} />;
    }
    const failure = error.status >= 500 ? serverFailure(error.data) : null;
    // The database was busy with another writer (server/app-server.ts): nothing was saved.
    if (error.status === 503 && failure) return <ErrorPage title={t("busyTitle")} message={t("busyMessage")} reference={failure.requestId} />;
    if (failure) return <ErrorPage title={t("failedTitle")} message={failure.message} reference={failure.requestId} />;
    return (
      <ErrorPage
        title={t("failedTitle")}
        message={typeof error.data === "string" && error.data ? error.data : t("requestFailed", { status: error.status })}
      />
    );
  }
  if (typeof document !== "undefined") console.error(error);
  return (
    <ErrorPage
      title={t("failedTitle")}
      message={t("unexpected")}
    />
  );
}
