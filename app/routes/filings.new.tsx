import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { cardClass } from "~/components/filings/filing-summary";
import { Button, ButtonLink } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { documentChecklist } from "~/lib/filings/documents";
import { FILING_KINDS, FILING_STEPS, isFilingKind, KINDS_ABOUT_A_BUSINESS, type FilingKind } from "~/lib/filings/kinds";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import { listUserBusinesses } from "~/models/dashboard.server";
import { createFiling, FilingError } from "~/models/filings/filings.server";
import { useFilingMessage } from "~/components/filings/messages";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireUser } from "~/utils/session.server";

export const handle = { i18n: ["filings"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const AUTH = { description: "filings:auth.start" };

/** The start form: which kind, and for the kinds about a business, which of the user's own. */
const StartFilingSchema = z.object({
  kind: z.enum(FILING_KINDS, { error: "Choose a kind of filing" }),
  businessId: z.string().optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const { t } = await requestT(request, "filings");
  return {
    meta: pageMetaText(t, t("meta.new.title"), t("meta.new.description")),
    focus: isFilingKind(kind) ? kind : null,
    businessId: parseId(url.searchParams.get("businessId")),
    businesses: listUserBusinesses(user.id)
      .filter((b) => b.ownedByYou)
      .map((b) => ({ id: b.id, name: b.name, documentNumber: b.documentNumber })),
  };
}

type ActionData = { kind: FilingKind | null; message: string; field?: "businessId"; openFilingId?: number };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const parsed = StartFilingSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<ActionData>({ kind: null, message: "filings:new.chooseKind" }, { status: 400 });
  const { kind } = parsed.data;
  const businessId = parseId(parsed.data.businessId);
  try {
    const filing = createFiling(user, kind, KINDS_ABOUT_A_BUSINESS.includes(kind) ? businessId : null);
    return redirect(`/filings/${filing.id}/${FILING_STEPS[kind][0].slug}`, 303);
  } catch (error) {
    if (!(error instanceof FilingError)) throw error;
    return data<ActionData>(
      {
        kind,
        message: error.message,
        field: error.details.fieldErrors?.businessId ? "businessId" : undefined,
        openFilingId: parseId(error.details.fieldErrors?.filingId) ?? undefined,
      },
      { status: error.status === 404 ? 400 : error.status },
    );
  }
}

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";

export default function NewFilingPage() {
  const { t } = useTranslation("filings");
  const message = useFilingMessage();
  const { focus, businessId, businesses } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const kinds = focus ? [focus] : FILING_KINDS;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/dashboard?tab=documents" className="text-sm text-primary-700 underline-offset-2 hover:underline dark:text-primary-100">
        {t("backToDocuments")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{focus ? t(`kinds.${focus}.label`) : t("new.heading")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("new.intro")}</p>
      {focus ? (
        <p className="mt-2">
          <Link to="/filings/new" className={linkClass}>
            {t("new.seeAll")}
          </Link>
        </p>
      ) : null}

      <ul className="mt-8 space-y-6">
        {kinds.map((kind) => (
          <li key={kind}>
            <KindCard
              kind={kind}
              businesses={businesses}
              selectedBusinessId={businessId}
              error={actionData && actionData.kind === kind ? actionData : null}
            />
          </li>
        ))}
      </ul>
      {actionData && actionData.kind === null ? (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
          {message(actionData.message)}
        </p>
      ) : null}
    </div>
  );
}

function KindCard({
  kind,
  businesses,
  selectedBusinessId,
  error,
}: {
  kind: FilingKind;
  businesses: { id: number; name: string; documentNumber: string }[];
  selectedBusinessId: number | null;
  error: ActionData | null;
}) {
  const { t } = useTranslation("filings");
  const message = useFilingMessage();
  const navigation = useNavigation();
  const starting = navigation.state === "submitting" && navigation.formData?.get("kind") === kind;
  const checklist = documentChecklist(kind);
  const aboutABusiness = KINDS_ABOUT_A_BUSINESS.includes(kind);
  const headingId = `kind-${kind}`;
  const selectId = `business-${kind}`;
  const errorId = `start-error-${kind}`;
  return (
    <section aria-labelledby={headingId} className={cardClass} data-testid={`kind-${kind}`}>
      <h2 id={headingId} className="text-xl font-semibold">
        {t(`kinds.${kind}.label`)}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`kinds.${kind}.summary`)}</p>

      <h3 className="mt-4 font-semibold">{t("new.stepsHeading")}</h3>
      <ol className="mt-1 list-decimal pl-6 text-sm">
        {FILING_STEPS[kind].map((step) => (
          <li key={step.slug}>{t(`steps.${step.slug}`)}</li>
        ))}
      </ol>

      <h3 className="mt-4 font-semibold">{t("new.documentsHeading")}</h3>
      {checklist.length ? (
        <ul className="mt-1 space-y-1 text-sm">
          {checklist.map((doc) => (
            <li key={doc.type}>
              <span className="font-medium">{t(`documents.${doc.type}.label`)}</span>: {t(`documents.${doc.type}.when`)}.
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm">{t("new.noDocuments")}</p>
      )}
      {checklist.length ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("new.fileTypes")}</p> : null}

      {aboutABusiness && businesses.length === 0 ? (
        <p className="mt-4 text-sm">
          <Trans t={t} i18nKey="new.claimFirst" components={{ anchor: <Link to="/search" className={linkClass} /> }} />
        </p>
      ) : (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" aria-describedby={error ? errorId : undefined}>
          <input type="hidden" name="kind" value={kind} />
          {aboutABusiness ? (
            <div className="min-w-64">
              <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
                {t("new.business")}
              </label>
              <select
                id={selectId}
                name="businessId"
                defaultValue={businesses.some((b) => b.id === selectedBusinessId) ? String(selectedBusinessId) : businesses.length === 1 ? String(businesses[0].id) : ""}
                aria-invalid={error?.field === "businessId" ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={inputClass}
              >
                {businesses.length > 1 ? <option value="">{t("new.chooseBusiness")}</option> : null}
                {businesses.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name} ({b.documentNumber})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Button type="submit" disabled={starting}>
            {starting ? t("new.starting") : t(`kinds.${kind}.start`)}
          </Button>
        </Form>
      )}
      {error ? (
        <div id={errorId} role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          <p>{message(error.message)}</p>
          {error.openFilingId ? (
            <p className="mt-1">
              <ButtonLink to={`/filings/${error.openFilingId}`} variant="outline">
                {t("new.openInProgress")}
              </ButtonLink>
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary };
