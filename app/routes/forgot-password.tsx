import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getEnv } from "~/utils/env.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  pageMeta("Forgot password", "How to get back into your Florida Business Registry account.");

/** No email service sends reset links: the page says so and how to reach town support. */
export function loader() {
  const env = getEnv();
  return { town: env.TOWN_NAME, email: env.TOWN_SUPPORT_EMAIL, phone: env.TOWN_SUPPORT_PHONE };
}

export default function ForgotPasswordPage() {
  const { town, email, phone } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">Forgot your password?</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        We can&apos;t send password reset emails yet. To get back into your account, contact the {town} Business Tax
        Receipt office. After confirming who you are, staff can reset your password for you.
      </p>
      <dl className="mt-6 space-y-3 rounded-lg border border-slate-200 p-5 dark:border-slate-700">
        <div>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Email</dt>
          <dd>
            <a href={`mailto:${email}`} className="text-primary-700 underline dark:text-primary-100">
              {email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Phone</dt>
          <dd>
            <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="text-primary-700 underline dark:text-primary-100">
              {phone}
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        Please include your username and the email address on your account. Staff will never ask for your password.
      </p>
      <p className="mt-8">
        <Link to="/login" className="text-primary-700 underline dark:text-primary-100">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
