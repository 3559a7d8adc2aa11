import { Trans, useTranslation } from "react-i18next";
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
  const { t } = useTranslation("account");
  const text = [
    t("securityPage.recovery.fileTitle", { issuer, username }),
    t("securityPage.recovery.fileOnce"),
    t("securityPage.recovery.fileSafe"),
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
        {t("securityPage.recovery.heading")}
      </h3>
      <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
        <Trans t={t} i18nKey="securityPage.recovery.text" components={{ strong: <strong /> }} />
      </p>
      <ol aria-label={t("securityPage.recovery.listLabel")} className="mt-3 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={`${issuer.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${t("securityPage.recovery.fileName")}.txt`}
          className={buttonClass("outline")}
        >
          {t("securityPage.recovery.download")}
        </a>
        {continueTo ? <ButtonLink to={continueTo}>{t("securityPage.recovery.continue")}</ButtonLink> : null}
      </div>
    </section>
  );
}
