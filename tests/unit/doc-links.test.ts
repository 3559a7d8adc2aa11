import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every relative link in README.md and docs/**\/*.md leads somewhere: its file exists and, when
 * it names a heading (`page.md#anchor` or `#anchor`) of a Markdown page, that heading exists.
 * Links to other sites (https:, mailto:) are not followed. Code blocks and inline code are not
 * links.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function markdownFiles(): string[] {
  const files = [path.join(ROOT, "README.md")];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".md")) files.push(full);
    }
  };
  walk(path.join(ROOT, "docs"));
  return files;
}

/** The text without fenced code blocks and inline code spans (their brackets are not links). */
function prose(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "")
    .replace(/(`+)[\s\S]*?\1/g, "");
}

/** Link targets: inline `[text](target "title")` and reference definitions `[label]: target`. */
export function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const targets: string[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]);
  for (const m of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)) targets.push(m[1]);
  return targets;
}

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const m of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** The broken relative links of one Markdown page (`file`, with its text), as "target: why". */
export function brokenLinks(file: string, markdown: string, exists = fs.existsSync, read = (f: string) => fs.readFileSync(f, "utf8")): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (isExternal(target)) continue;
    const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
    const clean = decodeURIComponent(pathPart.split("?")[0]);
    const resolved = clean ? path.resolve(path.dirname(file), clean) : file;
    if (clean && !exists(resolved)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor && resolved.endsWith(".md") && !headingAnchors(resolved === file ? markdown : read(resolved)).has(anchor.toLowerCase())) {
      broken.push(`${target}: no heading "#${anchor}" in ${path.relative(ROOT, resolved)}`);
    }
  }
  return broken;
}

describe("documentation links", () => {
  it("finds the pages", () => {
    const files = markdownFiles().map((f) => path.relative(ROOT, f));
    expect(files).toContain("README.md");
    expect(files.filter((f) => f.startsWith("docs/")).length).toBeGreaterThan(1);
  });

  it.each(markdownFiles().map((f) => [path.relative(ROOT, f), f]))("%s: every relative link resolves", (_name, file) => {
    expect(brokenLinks(file, fs.readFileSync(file, "utf8"))).toEqual([]);
  });

  it("catches a missing file and a missing heading, and ignores code and other sites", () => {
    const file = path.join(ROOT, "docs", "example.md");
    const page = [
      "# Example page",
      "## Second heading",
      "[ok](../README.md) [ok too](#second-heading) [site](https://example.com) [mail](mailto:a@b.c)",
      "[gone](missing.md) [gone anchor](#nowhere) [gone dir](../no-such-dir/)",
      "`[code](not-a-link.md)`",
      "```",
      "[fenced](also-not-a-link.md)",
      "```",
      "[ref]: ./ref-missing.md",
    ].join("\n");
    expect(brokenLinks(file, page)).toEqual([
      "missing.md: no such file",
      "#nowhere: no heading \"#nowhere\" in docs/example.md",
      "../no-such-dir/: no such file",
      "./ref-missing.md: no such file",
    ]);
  });

  it("makes GitHub's anchors", () => {
    const anchors = headingAnchors("# Backups and the restore drill\n## `npm test`: what runs\n## Notes\n## Notes\n");
    expect([...anchors]).toEqual(["backups-and-the-restore-drill", "npm-test-what-runs", "notes", "notes-1"]);
  });
});
