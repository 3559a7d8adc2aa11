/**
 * /step-up?redirectTo=… (issue 41): a signed-in account with a second factor passes it again, and
 * its session counts as verified (for 12 hours, the step-up actions). STAFF_MFA=required sends
 * staff whose session never passed a factor here (~/utils/staff-mfa.server). Signed out: to
 * /login (signing in with the factor verifies the session). No factor: to enrol one.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { StepUpForm } from "~/components/auth/step-up-form";
import { translatedMeta } from "~/lib/meta";
import { isStaff } from "~/lib/roles";
import { CODE_REQUIRED, type MfaMethod } from "~/lib/schemas/mfa";
import type { PublicUser } from "~/lib/types";
import { hasSecondFactor, mfaMethods } from "~/models/mfa/factors.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { DEFAULT_REDIRECT, safeRedirect } from "~/utils/redirect";
import { getSession } from "~/utils/session.server";
import { STAFF_MFA_SETUP_PATH } from "~/utils/staff-mfa.server";
import { stepUpRefusal, verifyFormFactor } from "~/utils/step-up.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** Where to go once verified: a same-site path from the form or the address, else home for the account. */
function targetOf(user: PublicUser | null, value: FormDataEntryValue | string | null) {
  return safeRedirect(value, user && isStaff(user) ? "/admin" : DEFAULT_REDIRECT);
}

/** The signed-in account with a factor, or the redirect that sends anyone else on. */
async function requireFactorSession(request: Request, target: string) {
  const current = await getSession(request);
  const query = new URLSearchParams({ redirectTo: target });
  if (!current) throw redirect(`/login?${query}`);
  if (!hasSecondFactor(current.user.id)) throw redirect(`${STAFF_MFA_SETUP_PATH}?${query}`);
  return current;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("redirectTo");
  const current = await requireFactorSession(request, targetOf(null, asked));
  const { t } = await requestT(request, "auth");
  return {
    redirectTo: targetOf(current.user, asked),
    methods: mfaMethods(current.user.id),
    meta: pageMetaText(t, t("stepUp.title"), t("stepUp.description")),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const asked = form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo");
  const { session, user } = await requireFactorSession(request, targetOf(null, asked));
  const check = await verifyFormFactor(request, session, user, form);
  if (!check) return data({ error: await stepUpRefusal(request, CODE_REQUIRED) }, { status: 400 });
  if (!check.ok) return data({ error: await stepUpRefusal(request, check.message) }, { status: check.status, headers: check.headers });
  const { t } = await requestT(request, "auth");
  const target = targetOf(user, asked);
  return redirectWithToast(target, { title: t("stepUp.confirmedTitle"), description: t("stepUp.confirmed") });
}

export default function StepUpPage() {
  const { redirectTo, methods } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // One prompt per answer: the form starts its code box over only when a new answer arrives. The
  // loader's data read again after a wrong code may land after the answer, while the next code is
  // typed: its methods are a new array with the same content, so the prompt is keyed on the content.
  const methodList = methods.join(",");
  const prompt = useMemo(
    () => ({
      fields: [["redirectTo", redirectTo]] as [string, string][],
      methods: (methodList ? methodList.split(",") : []) as MfaMethod[],
      error: actionData?.error ?? null,
    }),
    [redirectTo, methodList, actionData],
  );
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <StepUpForm headingLevel={1} prompt={prompt} />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
