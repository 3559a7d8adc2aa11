import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SubmissionResult } from "@conform-to/react";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { getClaimLockout, getClaimTarget } from "~/models/claim.server";
import { claimFieldErrors, LICENSE_FIELD } from "~/lib/schemas/claim";
import { submitClaim } from "~/utils/claim-submission.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ClaimForm } from "./claim-form";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import { requestT } from "~/utils/i18n.server";
import type { TFunction } from "i18next";
import { translateMessage } from "~/lib/i18n-message";
import { translateReply } from "~/utils/translate-reply.server";
import { isLanguage, type Language } from "~/lib/languages";
import enClaim from "~/locales/en/claim.json";
import esClaim from "~/locales/es/claim.json";
import enCommon from "~/locales/en/common.json";
import esCommon from "~/locales/es/common.json";

const [enBrand, esBrand] = [enCommon.brand, esCommon.brand];

export const handle = { i18n: ["claim"] };

// Shown on the sign-in page, where the "claim" namespace is not loaded: stays English for now.
const AUTH_DESCRIPTION = "claim:signIn.loginToClaim";


function notFound(): never {
  throw data({ message: "We couldn't find the business you're trying to claim" }, { status: 404 });
}

/**
 * Not claimable: back to the business page, with a toast when someone else holds it. Toasts shown
 * on the business page are translated here: that page does not load the "claim" namespace.
 */
async function toBusinessPage(request: Request, businessId: number, heldBySomeoneElse: boolean) {
  if (!heldBySomeoneElse) return redirect(`/business/${businessId}`);
  const { t } = await requestT(request, "claim");
  return redirectWithToast(`/business/${businessId}`, {
    title: t("toast.alreadyClaimedTitle"),
    description: t("toast.alreadyClaimedDescription"),
    variant: "destructive",
  });
}

/**
 * The title in the page's language. The loader's data stays as it was (the claim page's
 * contract), so the meta reads the language from the root's data and the claim resource itself.
 */
const META_TEXT: Record<Language, typeof enClaim.meta & { brand: string }> = {
  en: { ...enClaim.meta, brand: enBrand },
  es: { ...esClaim.meta, brand: esBrand },
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const rootLanguage = (matches.find((match) => match.id === "root")?.data as { language?: string } | undefined)?.language;
  const text = META_TEXT[isLanguage(rootLanguage) ? rootLanguage : "en"];
  const title = data ? text.title.replace("{{name}}", data.business.name) : text.titleFallback;
  return translatedMeta({ title: `${title} | ${text.brand}`, description: text.description });
};

/** The lockout's message in the reader's language ("claim:lockedOne" / "claim:lockedOther"). */
function lockedText(t: TFunction, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return t(minutes === 1 ? "claim:lockedOne" : "claim:lockedOther", { minutes });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: AUTH_DESCRIPTION });
  const businessId = parseId(params.id);
  if (!businessId) notFound();
  const target = getClaimTarget(businessId, user.id);
  if (target.status === "not_found") notFound();
  if (target.status === "not_claimable") throw await toBusinessPage(request, businessId, target.heldBySomeoneElse);
  // Locked out after too many wrong codes: say so before the user types another one.
  const lockout = getClaimLockout(user.id, businessId);
  const { t } = await requestT(request, "claim");
  return { business: target.business, lockedMessage: lockout ? lockedText(t, lockout.retryAfterSeconds) : null };
}

type ActionData = { result: SubmissionResult<string[]> };

const failure = (error: Record<string, string[]>, status: number) =>
  data<ActionData>({ result: { status: "error", error } }, { status });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { description: AUTH_DESCRIPTION });
  const businessId = parseId(params.id);
  if (!businessId) notFound();

  const outcome = await submitClaim(request, businessId, user);
  switch (outcome.kind) {
    case "claimed": {
      const { t } = await requestT(request, "claim");
      return redirectWithToast(`/business/${businessId}`, { title: t("toast.claimedTitle"), description: t("toast.claimedDescription") });
    }
    case "not_found":
      return notFound();
    case "already_claimed":
      return toBusinessPage(request, businessId, outcome.heldBySomeoneElse);
    case "invalid":
      return data<ActionData>({ result: translateReply(outcome.submission.reply(), (await requestT(request, "claim")).t) }, { status: 400 });
    case "wrong_code":
      return data<ActionData>(
        { result: translateReply(outcome.submission.reply({ fieldErrors: claimFieldErrors(outcome) }), (await requestT(request, "claim")).t) },
        { status: 400 },
      );
    case "too_large":
      return failure({ [LICENSE_FIELD]: [translateMessage((await requestT(request, "claim")).t, outcome.message)] }, 413);
    case "locked":
      return failure({ "": [lockedText((await requestT(request, "claim")).t, outcome.retryAfterSeconds)] }, 429);
    case "unreadable":
      return failure({ "": [outcome.message] }, 400);
  }
}

export default function ClaimBusinessPage() {
  const { business, lockedMessage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const { t } = useTranslation("claim");

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link
        to={`/business/${business.id}`}
        className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-100"
      >
        {t("backToBusiness")}
      </Link>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
        {t("eyebrow")}
      </p>
      <h1 className="mt-1 text-3xl font-bold">{business.name}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {t("documentNumber")} <span className="font-mono">{business.documentNumber}</span>
      </p>

      <aside
        aria-labelledby="verification-heading"
        className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      >
        <h2 id="verification-heading" className="font-semibold">
          {t("verification.heading")}
        </h2>
        <p className="mt-1 text-sm">
          {t("verification.text")}
        </p>
      </aside>

      <ClaimForm businessId={business.id} lastResult={lastResult} lockedMessage={lockedMessage} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ClaimErrorBoundary />;
}

function ClaimErrorBoundary() {
  const { t } = useTranslation("claim");
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title={t("notFound.title")} message={t("notFound.message")}>
            <ButtonLink to="/search">{t("notFound.back")}</ButtonLink>
          </ErrorPage>
        ),
      }}
    />
  );
}
