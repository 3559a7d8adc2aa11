/**
 * The translations a page carries (issue 42): its own namespaces inline (its matched routes' and
 * what its components used), not the whole language; with JavaScript, the rest of the language
 * in one request after hydration, so a client-side navigation shows its texts at once.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The namespaces of the page's inline window.__i18n, as the server wrote it. */
async function inlineNamespaces(page: Page, url: string) {
  const html = await (await page.request.get(url)).text();
  const boot = /window\.__i18n=(\{.*?\})<\/script>/s.exec(html);
  expect(boot, `window.__i18n in ${url}`).not.toBeNull();
  const parsed = JSON.parse(boot![1]) as { lng: string; resources: Record<string, unknown> };
  return { lng: parsed.lng, namespaces: Object.keys(parsed.resources).sort(), bytes: html.length };
}

test.describe("the translations a page carries", () => {
  test("each page inlines its own namespaces only", async ({ page }) => {
    const search = await inlineNamespaces(page, "/search?lng=es");
    expect(search.lng).toBe("es");
    expect(search.namespaces).toEqual(["common", "search", "validation"]);
    expect((await inlineNamespaces(page, "/login")).namespaces).toEqual(["auth", "common", "validation"]);
    const missing = await inlineNamespaces(page, "/no-such-page");
    expect(missing.namespaces).toEqual(["common", "validation"]);
    // Every namespace inline made the not-found page 114 KB.
    expect(missing.bytes).toBeLessThan(30_000);
  });

  test("with JavaScript, the rest of the language arrives once, and a client-side navigation uses it", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the browser's i18next runs only with JavaScript");
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/resources/locales/")) asked.push(pathname);
    });
    const language = page.waitForResponse((response) => new URL(response.url()).pathname === "/resources/locales/es");
    await page.goto("/search?lng=es");
    expect((await language).status()).toBe(200);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.getByTestId("header-account").getByRole("link", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
    await expect(page.getByLabel("Nombre de usuario")).toBeVisible();
    // A client-side navigation (no new document), with no request for the login page's namespace.
    expect(documents).toEqual([]);
    expect(asked).toEqual(["/resources/locales/es"]);
  });
});
