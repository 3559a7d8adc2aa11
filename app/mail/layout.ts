/**
 * The one layout every message uses: an HTML part that reads well on a phone (single column,
 * max 600px, 16px text, large link buttons, real headings, lang and title for screen readers)
 * and a plain-text part with the same words. Pure functions: no I/O.
 */
import type { Language } from "~/lib/languages";
import { fixedT } from "~/lib/translate.server";

export type MailContext = {
  townName: string;
  townState: string;
  supportEmail: string;
  supportPhone: string;
  /** Public URL of the app, no trailing slash. */
  appUrl: string;
};

export type RenderedMail = {
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A block of the message: a paragraph, a button-like link, or a table of label/value rows. */
export type Block =
  | { type: "p"; text: string }
  | { type: "button"; label: string; href: string }
  | { type: "facts"; rows: [string, string][] }
  | { type: "small"; text: string };

export function renderLayout(
  ctx: MailContext,
  { subject, heading, greeting, blocks, footerNote, language }: {
    subject: string;
    heading: string;
    greeting: string;
    blocks: Block[];
    footerNote?: string;
    /** The recipient's language (issue 42): the layout's own words and <html lang>. English unless said. */
    language?: Language;
  },
): { html: string; text: string } {
  const lang = language ?? "en";
  const t = fixedT(lang, "mail");
  const office = t("layout.office", { townName: ctx.townName });
  const town = t("layout.town", { townName: ctx.townName, townState: ctx.townState });
  const htmlBlocks = blocks
    .map((block) => {
      switch (block.type) {
        case "p":
          return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
        case "small":
          return `<p style="margin:0 0 16px;font-size:14px;color:#334155">${escapeHtml(block.text)}</p>`;
        case "button":
          return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(block.label)}</a></p><p style="margin:0 0 16px;font-size:14px;color:#334155;word-break:break-all">${escapeHtml(t("layout.openAddress"))} <a href="${escapeHtml(block.href)}" style="color:#1d4ed8">${escapeHtml(block.href)}</a></p>`;
        case "facts":
          return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${block.rows
            .map(
              ([label, value]) =>
                `<tr><th scope="row" style="text-align:left;font-weight:600;padding:6px 8px 6px 0;border-bottom:1px solid #e2e8f0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;text-align:right">${escapeHtml(value)}</td></tr>`,
            )
            .join("")}</table>`;
      }
    })
    .join("\n");
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;color:#0f172a;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<main style="max-width:600px;margin:0 auto;padding:16px">
<div style="background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:14px;font-weight:600;color:#1e3a8a">${escapeHtml(town)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${htmlBlocks}
</div>
<footer style="padding:16px 8px;font-size:14px;color:#334155">
<p style="margin:0 0 8px">${escapeHtml(office)} · <a href="mailto:${escapeHtml(ctx.supportEmail)}" style="color:#1e40af">${escapeHtml(ctx.supportEmail)}</a> · ${escapeHtml(ctx.supportPhone)}</p>
${footerNote ? `<p style="margin:0">${escapeHtml(footerNote)}</p>` : ""}
</footer>
</main>
</body>
</html>
`;
  const textBlocks = blocks
    .map((block) => {
      switch (block.type) {
        case "p":
        case "small":
          return block.text;
        case "button":
          return `${block.label}: ${block.href}`;
        case "facts":
          return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
      }
    })
    .join("\n\n");
  const text = [
    town,
    "",
    heading,
    "",
    greeting,
    "",
    textBlocks,
    "",
    "--",
    `${office}, ${ctx.supportEmail}, ${ctx.supportPhone}`,
    ...(footerNote ? [footerNote] : []),
    "",
  ].join("\n");
  return { html, text };
}
