import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HelpLayout, HelpSection, proseLink } from "~/components/help/help-layout";
import { telHref } from "~/lib/town";
import { getTownContact } from "~/models/town.server";

export const meta: MetaFunction = () => [
  { title: "Contact Support | Florida Business Registry" },
  { name: "description", content: "How to reach the town's Business Tax Receipt office." },
];

export function loader() {
  const town = getTownContact();
  return { town: { ...town, tel: telHref(town.phone) } };
}

export default function Contact() {
  const { town } = useLoaderData<typeof loader>();
  return (
    <HelpLayout
      title="Contact Support"
      current="/contact"
      intro={
        <p>
          The {town.name}, {town.state} Business Tax Receipt office answers questions about your listing, your letter,
          payments and renewals.
        </p>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
          <h2 className="text-xl font-semibold">Email</h2>
          <p className="mt-2">
            <a href={`mailto:${town.email}`} className={proseLink} data-testid="support-email">
              {town.email}
            </a>
          </p>
        </div>
        <div className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
          <h2 className="text-xl font-semibold">Phone</h2>
          <p className="mt-2">
            <a href={town.tel} className={proseLink} data-testid="support-phone">
              {town.phone}
            </a>
          </p>
        </div>
      </div>

      <div className="mt-10">
        <HelpSection id="what-to-include" title="What to include">
          <ul className="list-disc space-y-1 pl-6">
            <li>The business name and its document number (shown on the business&apos;s page).</li>
            <li>The email address of your account on this site, if you have one.</li>
            <li>For a payment, the date and amount, or the payment number on your receipt.</li>
            <li>Never send your full card number or your password: the town will not ask for them.</li>
          </ul>
        </HelpSection>
        <HelpSection id="common" title="Common requests">
          <ul className="list-disc space-y-1 pl-6">
            <li>A lost or missing letter with the 7-digit verification code.</li>
            <li>A business already claimed by someone else.</li>
            <li>Questions about the fee, late penalties or your renewal date.</li>
          </ul>
          <p>
            Many answers are already in the{" "}
            <Link to="/faq" className={proseLink}>
              FAQ
            </Link>{" "}
            and the{" "}
            <Link to="/help" className={proseLink}>
              Help Center
            </Link>
            .
          </p>
        </HelpSection>
      </div>
    </HelpLayout>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
