import { ButtonLink, buttonClass } from "~/components/ui/button";

/**
 * The ten recovery codes, shown once: on the answer to the form that made them, never on a
 * reload. A data: link downloads them as a text file without any script.
 */
export function RecoveryCodesPanel({
  codes,
  username,
  issuer,
  continueTo,
}: {
  codes: string[];
  username: string;
  issuer: string;
  continueTo?: string | null;
}) {
  const text = [
    `${issuer}: recovery codes for ${username}`,
    "Each code works once, in place of a code from your authenticator app.",
    "Keep this file somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 id="recovery-codes-heading" className="text-lg font-semibold">
        Save your recovery codes
      </h3>
      <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
        If you lose your phone, each of these codes lets you sign in once instead of a code from the app. Store them
        somewhere safe, such as a password manager or a printed page kept with your business papers.{" "}
        <strong>This is the only time they are shown.</strong>
      </p>
      <ol aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={`${issuer.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-recovery-codes.txt`}
          className={buttonClass("outline")}
        >
          Download as text
        </a>
        {continueTo ? <ButtonLink to={continueTo}>Continue</ButtonLink> : null}
      </div>
    </section>
  );
}
