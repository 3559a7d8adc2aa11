/**
 * A Node module hook for the Playwright runner and its workers: `import x from "./file.json"`
 * without an import attribute, as the app writes it for esbuild (Remix's esbuild 0.17 cannot
 * parse `with { type: "json" }`), tsx and vitest. Node's own ESM loader refuses such an import;
 * this hook hands it a module whose default export is the parsed file.
 */
import fs from "node:fs";

export async function load(url, context, nextLoad) {
  if (url.startsWith("file:") && url.endsWith(".json") && !context.importAttributes?.type) {
    const text = fs.readFileSync(new URL(url), "utf8");
    return { format: "module", source: `export default ${text};`, shortCircuit: true };
  }
  return nextLoad(url, context);
}
