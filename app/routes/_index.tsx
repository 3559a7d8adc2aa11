import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Florida Business Registry" }];

export default function Home() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Florida Business Registry</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        Search for businesses, file documents and manage registrations in one place.
      </p>
      <Link to="/search" className="mt-6 inline-block text-primary-700 underline dark:text-primary-100">
        Search the registry
      </Link>
    </div>
  );
}
