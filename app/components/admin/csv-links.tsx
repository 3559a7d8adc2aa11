import { CsvDownloadLink } from "~/components/csv-download-link";

export type CsvLink = { href: string; filename: string; what: string; label: string };

/** A row of CSV downloads (one list item each), e.g. the 30/60/90-day lists of unanswered letters. */
export function CsvLinks({ links, className = "mt-3" }: { links: readonly CsvLink[]; className?: string }) {
  return (
    <ul className={`${className} flex flex-wrap gap-3`}>
      {links.map((l) => (
        <li key={l.href}>
          <CsvDownloadLink href={l.href} filename={l.filename} what={l.what}>
            {l.label}
          </CsvDownloadLink>
        </li>
      ))}
    </ul>
  );
}
