import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
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
import { pageMeta } from "~/lib/meta";

const AUTH_DESCRIPTION = "Please log in to claim a business";

const ALREADY_CLAIMED = {
  title: "Business Already Claimed",
  description: "This business has already been claimed by someone else.",
  variant: "destructive",
} as const;

function notFound(): never {
  throw data({ message: "We couldn't find the business you're trying to claim" }, { status: 404 });
}

/** Not claimable: back to the business page, with a toast when someone else holds it. */
function toBusinessPage(businessId: number, heldBySomeoneElse: boolean) {
  return heldBySomeoneElse
    ? redirectWithToast(`/business/${businessId}`, ALREADY_CLAIMED)
    : redirect(`/business/${businessId}`);
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data ? `Claim ${data.business.name}` : "Claim a Business",
    "Claim your business with the 7-digit code from the town's letter, then pay its Business Tax Receipt online.",
  );

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: AUTH_DESCRIPTION });
  const businessId = parseId(params.id);
  if (!businessId) notFound();
  const target = getClaimTarget(businessId, user.id);
  if (target.status === "not_found") notFound();
  if (target.status === "not_claimable") throw await toBusinessPage(businessId, target.heldBySomeoneElse);
  // Locked out after too many wrong codes: say so before the user types another one.
  const lockout = getClaimLockout(user.id, businessId);
  return { business: target.business, lockedMessage: lockout?.message ?? null };
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
    case "claimed":
      return redirectWithToast(`/business/${businessId}`, {
        title: "Business Claimed Successfully",
        description: "You can now manage this business and pay business taxes.",
      });
    case "not_found":
      return notFound();
    case "already_claimed":
      return toBusinessPage(businessId, outcome.heldBySomeoneElse);
    case "invalid":
      return data<ActionData>({ result: outcome.submission.reply() }, { status: 400 });
    case "wrong_code":
      return data<ActionData>(
        { result: outcome.submission.reply({ fieldErrors: claimFieldErrors(outcome) }) },
        { status: 400 },
      );
    case "too_large":
      return failure({ [LICENSE_FIELD]: [outcome.message] }, 413);
    case "locked":
      return failure({ "": [outcome.message] }, 429);
    case "unreadable":
      return failure({ "": [outcome.message] }, 400);
  }
}

export default function ClaimBusinessPage() {
  const { business, lockedMessage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link
        to={`/business/${business.id}`}
        className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-100"
      >
        ← Back to Business
      </Link>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
        Claim this business
      </p>
      <h1 className="mt-1 text-3xl font-bold">{business.name}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Document Number: <span className="font-mono">{business.documentNumber}</span>
      </p>

      <aside
        aria-labelledby="verification-heading"
        className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      >
        <h2 id="verification-heading" className="font-semibold">
          Verification Required
        </h2>
        <p className="mt-1 text-sm">
          By claiming this business, you certify that you are the owner or an authorized representative of this
          business. Providing false information may result in penalties.
        </p>
      </aside>

      <ClaimForm businessId={business.id} lastResult={lastResult} lockedMessage={lockedMessage} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title="Business Not Found" message="We couldn't find the business you're trying to claim">
            <ButtonLink to="/search">Return to Search</ButtonLink>
          </ErrorPage>
        ),
      }}
    />
  );
}
