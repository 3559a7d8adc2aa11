import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HelpLayout, HelpSection, proseLink } from "~/components/help/help-layout";
import { BASE_FEE_CENTS, computeFee, formatCents, PER_EMPLOYEE_CENTS, PER_VEHICLE_CENTS } from "~/lib/fee";
import { telHref } from "~/lib/town";
import { getTownContact } from "~/models/town.server";

export const meta: MetaFunction = () => [
  { title: "Help Center | Florida Business Registry" },
  {
    name: "description",
    content: "How to search the registry, claim your business, pay and renew your Business Tax Receipt.",
  },
];

export function loader() {
  const town = getTownContact();
  return { town: { ...town, tel: telHref(town.phone) } };
}

const topics = [
  { id: "searching", title: "Searching for a business" },
  { id: "claiming", title: "Claiming your business" },
  { id: "fee", title: "What the Business Tax Receipt costs" },
  { id: "paying", title: "Paying by card" },
  { id: "receipts", title: "Receipts" },
  { id: "renewal", title: "Renewal and the BTR year" },
  { id: "contact", title: "Reaching the town" },
];

export default function HelpCenter() {
  const { town } = useLoaderData<typeof loader>();
  const example = computeFee(3, 2);
  return (
    <HelpLayout
      title="Help Center"
      current="/help"
      intro={
        <p>
          Everything you need to find a business, claim your listing and keep your {town.name} Business Tax Receipt
          (BTR) paid. Short answers are in the{" "}
          <Link to="/faq" className={proseLink}>
            FAQ
          </Link>
          .
        </p>
      }
    >
      <nav aria-label="Help topics" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
          On this page
        </h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {topics.map((topic) => (
            <li key={topic.id}>
              <a href={`#${topic.id}`} className={proseLink}>
                {topic.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-10">
        <HelpSection id="searching" title="Searching for a business">
          <p>
            Anyone can search the registry, no account needed. On the home page or the{" "}
            <Link to="/search" className={proseLink}>
              Business Search
            </Link>{" "}
            page you can look a business up by:
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              <strong>Name</strong>: type at least two letters and matching businesses are suggested as you type; choose
              one to open its page.
            </li>
            <li>
              <strong>Document number</strong>: the number the Florida Division of Corporations gave the business (for
              example L24000000001).
            </li>
            <li>
              <strong>City</strong>: pick {town.name} to see only businesses located there.
            </li>
          </ul>
          <p>
            All fields are optional and can be combined, and you can also filter by filing type (LLC, corporation,
            partnership and so on). Results come ten to a page; the address bar keeps your filters, so a search can be
            bookmarked or shared. Choose <em>View details</em> to see a business&apos;s status, address and registration
            date.
          </p>
        </HelpSection>

        <HelpSection id="claiming" title="Claiming your business">
          <p>
            {town.name} mails a letter to every business operating in town. The letter carries a{" "}
            <strong>7-digit verification code</strong> that proves you own or represent the business.
          </p>
          <ol className="list-decimal space-y-1 pl-6">
            <li>
              <Link to="/register" className={proseLink}>
                Create an account
              </Link>{" "}
              or{" "}
              <Link to="/login" className={proseLink}>
                sign in
              </Link>
              .
            </li>
            <li>
              Find your business and open its page, then choose <em>Claim This Business</em>.
            </li>
            <li>
              Enter your number of employees and of business vehicles (they set the fee), and the 7-digit code from the
              letter, digits only.
            </li>
            <li>Optionally attach a photo of your driver&apos;s license (JPEG, PNG or GIF, up to 5 MB).</li>
          </ol>
          <p>
            By claiming you certify that you own the business or are authorised to act for it; false information may
            lead to penalties. If the page says the business has already been claimed and it is yours, contact the town
            (see below).
          </p>
        </HelpSection>

        <HelpSection id="fee" title="What the Business Tax Receipt costs">
          <p>
            The fee is <strong>{formatCents(BASE_FEE_CENTS)}</strong> plus{" "}
            <strong>{formatCents(PER_EMPLOYEE_CENTS)}</strong> per employee plus{" "}
            <strong>{formatCents(PER_VEHICLE_CENTS)}</strong> per business vehicle, in US dollars.
          </p>
          <p>
            For example, a business with {example.employees} employees and {example.vehicles} vehicles pays{" "}
            {formatCents(example.baseCents)} + {formatCents(example.employeeCents)} +{" "}
            {formatCents(example.vehicleCents)} = <strong>{formatCents(example.totalCents)}</strong>. The amount is
            always worked out on our server from the counts you gave when claiming.
          </p>
        </HelpSection>

        <HelpSection id="paying" title="Paying by card">
          <p>
            Once your business is claimed, its page and your{" "}
            <Link to="/dashboard" className={proseLink}>
              dashboard
            </Link>{" "}
            show <em>Pay Business Tax</em>. Review the total, then pay with a credit or debit card. Card payments are
            processed by Stripe; this website never sees or stores your card number. If your browser runs without
            JavaScript, you are taken to Stripe&apos;s secure payment page and brought back here afterwards.
          </p>
          <p>
            A business whose BTR is already paid shows <em>BTR Paid</em> and cannot be charged twice.
          </p>
        </HelpSection>

        <HelpSection id="receipts" title="Receipts">
          <p>
            You get an instant digital receipt after paying: choose <em>View Receipt</em>. Every payment you have made
            is listed under <em>Payment History</em> on your dashboard, with a link to its receipt. A receipt shows the
            business, the amount, the date and the payment type, and has a <em>Print</em> button (your browser can also
            save it as a PDF). You can download your payments as a CSV file from the dashboard too.
          </p>
        </HelpSection>

        <HelpSection id="renewal" title="Renewal and the BTR year">
          <p>
            A Florida local Business Tax Receipt runs for one fiscal year, <strong>October 1 to September 30</strong>.
            Renewals go on sale July 1 and are <strong>due by September 30</strong>.
          </p>
          <p>
            Under Florida Statutes chapter 205, a receipt renewed late carries a delinquency penalty of{" "}
            <strong>10% for October</strong> plus <strong>5% for each further month</strong>, up to <strong>25%</strong>{" "}
            in total.
          </p>
          <p>
            To avoid missing the deadline, turn on <strong>annual auto-renewal</strong>: once your BTR is paid, the
            subscription card on your business&apos;s page lets you save a card and renew automatically every year on
            the renewal date. You can switch auto-renewal off (the BTR then expires on that date) or cancel the
            subscription at any time from the same card.
          </p>
        </HelpSection>

        <HelpSection id="contact" title="Reaching the town">
          <p>
            Questions about your tax receipt, a lost letter or a business claimed by someone else go to the {town.name}{" "}
            Business Tax Receipt office:
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              Email:{" "}
              <a href={`mailto:${town.email}`} className={proseLink}>
                {town.email}
              </a>
            </li>
            <li>
              Phone:{" "}
              <a href={town.tel} className={proseLink}>
                {town.phone}
              </a>
            </li>
          </ul>
          <p>
            See{" "}
            <Link to="/contact" className={proseLink}>
              Contact Support
            </Link>{" "}
            for what to include in your message. You can restart the guided tour of the home and search pages at any
            time from the round help button.
          </p>
        </HelpSection>
      </div>
    </HelpLayout>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
