import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { HelpLayout, proseLink } from "~/components/help/help-layout";
import { BASE_FEE_CENTS, formatCents, PER_EMPLOYEE_CENTS, PER_VEHICLE_CENTS } from "~/lib/fee";
import { telHref } from "~/lib/town";
import { getTownContact } from "~/models/town.server";

export const meta: MetaFunction = () => [
  { title: "Frequently Asked Questions | Florida Business Registry" },
  { name: "description", content: "Answers about searching, claiming, paying and renewing a Business Tax Receipt." },
];

export function loader() {
  const town = getTownContact();
  return { town: { ...town, tel: telHref(town.phone) } };
}

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group rounded-lg border border-slate-200 p-4 open:bg-slate-50 dark:border-slate-700 dark:open:bg-slate-900">
      <summary className="cursor-pointer text-lg font-semibold">{question}</summary>
      <div className="mt-3 space-y-2 text-slate-800 dark:text-slate-200">{children}</div>
    </details>
  );
}

export default function Faq() {
  const { town } = useLoaderData<typeof loader>();
  const contact = (
    <>
      <a href={`mailto:${town.email}`} className={proseLink}>
        {town.email}
      </a>{" "}
      or{" "}
      <a href={town.tel} className={proseLink}>
        {town.phone}
      </a>
    </>
  );
  return (
    <HelpLayout
      title="Frequently Asked Questions"
      current="/faq"
      intro={
        <p>
          Quick answers about the registry and your {town.name} Business Tax Receipt. Step-by-step guides are in the{" "}
          <Link to="/help" className={proseLink}>
            Help Center
          </Link>
          .
        </p>
      }
    >
      <div className="space-y-3">
        <h2 className="mb-2 text-2xl font-semibold">Searching</h2>
        <Question question="Do I need an account to search?">
          <p>
            No. Anyone can{" "}
            <Link to="/search" className={proseLink}>
              search
            </Link>{" "}
            by business name, document number or city and open a business&apos;s details. You need an account only to
            claim a business and pay its tax receipt.
          </p>
        </Question>
        <Question question="I can't find my business. What should I do?">
          <p>
            Try fewer words of the name, or search by its document number from the Florida Division of Corporations.
            Clear the city and filing-type filters too. If it still does not appear, contact the town at {contact}.
          </p>
        </Question>

        <h2 className="mb-2 pt-6 text-2xl font-semibold">Claiming</h2>
        <Question question="Where do I find my verification code?">
          <p>
            In the letter {town.name} mailed to your business. It is 7 digits long; enter the digits only. If you lost
            the letter, contact the town at {contact} for a new one.
          </p>
        </Question>
        <Question question="My business has already been claimed by someone else.">
          <p>
            A business can be claimed by one account only. If you are the owner, please contact support at {contact}{" "}
            with the business name and document number.
          </p>
        </Question>
        <Question question="Do I have to upload my driver's license?">
          <p>No, it is optional. If you add one it must be a JPEG, PNG or GIF image of at most 5 MB.</p>
        </Question>

        <h2 className="mb-2 pt-6 text-2xl font-semibold">Paying</h2>
        <Question question="How much is the Business Tax Receipt?">
          <p>
            {formatCents(BASE_FEE_CENTS)} plus {formatCents(PER_EMPLOYEE_CENTS)} per employee plus{" "}
            {formatCents(PER_VEHICLE_CENTS)} per business vehicle. A business with no employees or vehicles pays{" "}
            {formatCents(BASE_FEE_CENTS)}.
          </p>
        </Question>
        <Question question="How can I pay?">
          <p>
            By credit or debit card, online, once you have claimed the business. Payments are processed by Stripe; we
            never see or store your card number.
          </p>
        </Question>
        <Question question="How do I get or print my receipt?">
          <p>
            Choose <em>View Receipt</em> after paying, or open <em>Payment History</em> on your{" "}
            <Link to="/dashboard" className={proseLink}>
              dashboard
            </Link>
            . Each receipt has a <em>Print</em> button.
          </p>
        </Question>

        <h2 className="mb-2 pt-6 text-2xl font-semibold">Renewing</h2>
        <Question question="When is my BTR due, and for how long is it valid?">
          <p>
            The BTR year runs October 1 to September 30. Renewals go on sale July 1 and are due by September 30 each
            year.
          </p>
        </Question>
        <Question question="What happens if I renew late?">
          <p>
            Florida Statutes chapter 205 sets a delinquency penalty of 10% for October plus 5% for each further month,
            up to 25% in total.
          </p>
        </Question>
        <Question question="Can my BTR renew automatically?">
          <p>
            Yes. After your BTR is paid, set up annual auto-renewal from the subscription card on your business&apos;s
            page. Your card is charged on the renewal date each year. You can turn auto-renewal off or cancel the
            subscription at any time.
          </p>
        </Question>

        <h2 className="mb-2 pt-6 text-2xl font-semibold">Using the site</h2>
        <Question question="Does the site work without JavaScript?">
          <p>
            Yes. Every page works as plain web pages and forms; with JavaScript you also get suggestions as you type,
            the guided tour and inline card payment.
          </p>
        </Question>
        <Question question="How do I restart the guided tour?">
          <p>
            Open the round <strong>?</strong> help button in the corner of any page and choose{" "}
            <em>Start Interactive Tour</em>. The home and search pages have tours.
          </p>
        </Question>
      </div>
    </HelpLayout>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
