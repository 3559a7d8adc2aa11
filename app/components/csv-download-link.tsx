import { useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { useMessage } from "~/lib/i18n-message";
import { toast } from "~/lib/toast-store";

/**
 * A CSV download. Without JavaScript it is a plain link (the server answers with
 * Content-Disposition: attachment). With JavaScript the file is fetched first, so a failure
 * can be told: an inline alert plus a destructive toast with the spec's wording
 * ('Failed to download businesses data. Please try again.').
 */
export function CsvDownloadLink({
  href,
  filename,
  what,
  children,
  variant = "outline",
  className = "",
}: {
  href: string;
  filename: string;
  /** Completes 'Failed to download …', e.g. 'businesses data' or 'payments report': a text or a message key (~/lib/i18n-message). */
  what: string;
  children: ReactNode;
  variant?: "primary" | "outline" | "secondary";
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const { t } = useTranslation();
  const thing = useMessage()(what);
  const failure = t("download.failed", { what: thing });

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state === "loading") return;
    setState("loading");
    try {
      const response = await fetch(href, { credentials: "same-origin", headers: { Accept: "text/csv" } });
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = filename;
      a.rel = "noopener";
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState("idle");
    } catch {
      setState("failed");
      toast({ title: t("download.failedTitle", { what: thing }), description: t("download.tryAgain"), variant: "destructive" });
    }
  }

  return (
    <span className="inline-flex flex-col gap-1">
      <a
        href={href}
        download={filename}
        onClick={download}
        aria-busy={state === "loading" || undefined}
        className={buttonClass(variant, className)}
      >
        {children}
      </a>
      {state === "failed" ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </span>
      ) : null}
    </span>
  );
}
