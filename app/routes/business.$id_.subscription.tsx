import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { translateMessage } from "~/lib/i18n-message";
import type { Language } from "~/lib/languages";
import { formatRenewalDate, SubscriptionCard } from "~/components/subscription-card";
import { Button, buttonClass } from "~/components/ui/button";
import { parseId } from "~/lib/ids";
import { findBusinessForOwner } from "~/models/business.server";
import { holdsCurrentReceipt } from "~/models/receipt.server";
import {
  cancelSubscription,
  completeSubscriptionCheckout,
  createSubscription,
  createSubscriptionCheckout,
  refreshSubscription,
  setAutoRenew,
  SubscriptionError,
} from "~/models/subscription.server";
import { getPublishableKey } from "~/services/stripe.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { requireUser } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { translatedMeta } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";

export const handle = { i18n: ["dashboard"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/**
 * "Subscription created" with its renewal date. Most toasts here are shown on the business page,
 * which does not load the "dashboard" namespace: they are written in the request's language here.
 */
function createdToast(t: TFunction, language: Language, renewalDate: Date | string | null) {
  return {
    title: t("autoRenewal.toast.createdTitle"),
    description: t("autoRenewal.willRenew", { date: formatRenewalDate(renewalDate, t("autoRenewal.nextYear"), language) }),
  };
}

/**
 * The owner of a claimed, paid business. No such business is a 404, someone else's (or an
 * unclaimed one) the not-allowed page (403), both shown by the error boundary.
 */
async function requireOwner(request: Request, rawId: string | undefined) {
  const user = await requireUser(request, { description: "dashboard:signIn.loginToManageRenewal" });
  const id = parseId(rawId);
  const found = id === null ? ({ status: "not_found" } as const) : findBusinessForOwner(id, user.id);
  if (found.status === "not_found") throw data({ message: "Business not found" }, { status: 404 });
  if (found.status === "not_owner") throw data({ message: "Only the owner of this business can do this." }, { status: 403 });
  const business = found.business;
  if (!holdsCurrentReceipt(business.id)) throw redirect(`/business/${business.id}`);
  return { user, business };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, business } = await requireOwner(request, params.id);
  const url = new URL(request.url);
  const { t, language } = await requestT(request, "dashboard");
  const sessionId = url.searchParams.get("session_id");
  if (sessionId) {
    // Back from hosted checkout: Stripe must confirm the subscription before it is stored.
    try {
      const { renewalDate } = await completeSubscriptionCheckout({ sessionId, businessId: business.id, userId: user.id });
      throw await redirectWithToast(`/business/${business.id}`, createdToast(t, language, renewalDate));
    } catch (error) {
      if (!(error instanceof SubscriptionError)) throw error;
      throw await redirectWithToast(`/business/${business.id}`, { title: t("autoRenewal.toast.errorTitle"), description: error.message, variant: "destructive" });
    }
  }
  return {
    meta: pageMetaText(t, t("autoRenewal.metaTitle"), t("autoRenewal.metaDescription")),
    business: { id: business.id, name: business.name },
    subscription: {
      businessId: business.id,
      status: business.subscriptionStatus,
      renewalDate: business.renewalDate?.toISOString() ?? null,
      autoRenew: business.autoRenew,
      notice: business.renewalNotice,
    },
    confirmCancel: url.searchParams.get("confirm") === "cancel" && Boolean(business.stripeSubscriptionId),
    publishableKey: getPublishableKey(),
  };
}

/** What the card set-up with JavaScript gets back from `create-subscription` and `refresh`. */
export type SubscriptionStepResult = { clientSecret?: string; renewalDate?: string | null; error?: { message: string } };

/**
 * Every subscription change posts here: `setup` (hosted checkout, no JavaScript), `toggle`,
 * `cancel`; and with JavaScript, through a fetcher, `create-subscription` (the card Element's
 * payment method) and `refresh` (after the browser confirmed the card). The same model calls as
 * /api/create-subscription and /api/subscription/{id}, the JSON door for other clients.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, business } = await requireOwner(request, params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = `/business/${business.id}`;
  const args = { businessId: business.id, userId: user.id };
  const { t, language } = await requestT(request, "dashboard");
  const failed = (error: SubscriptionError, fallback: string) => {
    const message = error.message ? translateMessage(t, error.message) : fallback;
    return dataWithToast<SubscriptionStepResult>(
      request,
      { error: { message } },
      { title: t("autoRenewal.toast.errorTitle"), description: message, variant: "destructive" },
      { status: error.status },
    );
  };
  const created = (renewalDate: Date | string | null) => createdToast(t, language, renewalDate);
  if (intent === "create-subscription") {
    const paymentMethodId = form.get("paymentMethodId");
    if (typeof paymentMethodId !== "string" || !/^pm_[A-Za-z0-9_]{3,255}$/.test(paymentMethodId)) {
      return data<SubscriptionStepResult>({ error: { message: "A card payment method is required" } }, { status: 400 });
    }
    try {
      const { clientSecret, renewalDate } = await createSubscription({ ...args, paymentMethodId });
      // The bank wants the card confirmed in the browser first; `refresh` follows.
      if (clientSecret) return data<SubscriptionStepResult>({ clientSecret, renewalDate });
      // Set up already: the page reloads as "active" (the card form goes away), so say it now.
      const result = await refreshSubscription(business.id, user.id);
      return dataWithToast<SubscriptionStepResult>(request, { renewalDate }, created(result.renewalDate ?? renewalDate));
    } catch (error) {
      if (!(error instanceof SubscriptionError)) throw error;
      return failed(error, t("autoRenewal.errors.createFailed"));
    }
  }
  if (intent === "refresh") {
    // After the browser's card confirmation (or its failure, `confirmed=no`): bring the row in step with Stripe.
    try {
      const result = await refreshSubscription(business.id, user.id);
      if (form.get("confirmed") === "no") return data<SubscriptionStepResult>({});
      return dataWithToast<SubscriptionStepResult>(request, {}, created(result.renewalDate));
    } catch (error) {
      if (!(error instanceof SubscriptionError)) throw error;
      return failed(error, t("autoRenewal.errors.createFailed"));
    }
  }
  if (intent === "setup") {
    try {
      return redirect(await createSubscriptionCheckout({ ...args, origin: publicOrigin(request), locale: language }));
    } catch (error) {
      if (!(error instanceof SubscriptionError)) throw error;
      return redirectWithToast(back, { title: t("autoRenewal.toast.errorTitle"), description: error.message || t("autoRenewal.errors.createFailed"), variant: "destructive" });
    }
  }
  if (intent === "toggle") {
    const value = form.get("autoRenew");
    if (value !== "on" && value !== "off") return data({ message: "autoRenew must be on or off" }, { status: 400 });
    try {
      const result = await setAutoRenew({ ...args, autoRenew: value === "on" });
      return redirectWithToast(back, {
        title: t("autoRenewal.toast.updatedTitle"),
        description: result.autoRenew ? t("autoRenewal.toast.enabled") : t("autoRenewal.toast.disabled"),
      });
    } catch (error) {
      if (!(error instanceof SubscriptionError)) throw error;
      return redirectWithToast(back, { title: t("autoRenewal.toast.updateFailedTitle"), description: error.message || t("autoRenewal.errors.updateFailed"), variant: "destructive" });
    }
  }
  if (intent === "cancel") {
    try {
      await cancelSubscription(args);
      return redirectWithToast(back, { title: t("autoRenewal.toast.cancelledTitle"), description: t("autoRenewal.toast.cancelledDescription") });
    } catch (error) {
      if (!(error instanceof SubscriptionError)) throw error;
      return redirectWithToast(back, { title: t("autoRenewal.toast.cancelFailedTitle"), description: error.message || t("autoRenewal.errors.cancelFailed"), variant: "destructive" });
    }
  }
  return data({ message: "Unknown action" }, { status: 400 });
}

export default function SubscriptionPage() {
  const { business, subscription, confirmCancel, publishableKey } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dashboard");
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to={`/business/${business.id}`} className="underline">
          {t("autoRenewal.backTo", { name: business.name })}
        </Link>
      </p>
      {confirmCancel ? (
        <section aria-labelledby="confirm-heading" className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
          <h1 id="confirm-heading" className="text-2xl font-bold">
            {t("autoRenewal.cancel")}
          </h1>
          <p className="mt-3">{t("autoRenewal.confirm")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="destructive">
                {t("autoRenewal.confirmYes")}
              </Button>
            </Form>
            <Link to={`/business/${business.id}`} className={buttonClass("outline")}>
              {t("autoRenewal.keep")}
            </Link>
          </div>
        </section>
      ) : (
        <>
          <h1 className="mb-6 text-2xl font-bold">{business.name}</h1>
          <SubscriptionCard subscription={subscription} publishableKey={publishableKey} />
        </>
      )}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
