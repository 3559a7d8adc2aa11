import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { verifyEmail } from "~/models/mail-preferences.server";

export const meta: MetaFunction = () => [{ title: "Confirm email | Florida Business Registry" }];

/** The link from the welcome or confirmation email: opening it confirms the address (single use). */
export function loader({ params }: LoaderFunctionArgs) {
  const outcome = verifyEmail(params.token ?? "");
  return data({ verified: outcome === "verified" }, { status: outcome === "verified" ? 200 : 410, headers: { "Referrer-Policy": "no-referrer" } });
}

export default function VerifyEmailPage() {
  const { verified } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{verified ? "Email address confirmed" : "Link expired"}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        {verified
          ? "Thank you. Renewal reminders and notices will be sent to this address."
          : "This confirmation link is invalid, was already used, or has expired. Sign in and send a new one from your profile."}
      </p>
      <p className="mt-6">
        <Link to="/profile" className="text-primary-700 underline dark:text-primary-100">
          Go to my profile
        </Link>
      </p>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
