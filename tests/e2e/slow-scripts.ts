/**
 * A page whose scripts arrive late, as on a slow phone: what is typed before React takes the page
 * over must still be there after it has (no effect at hydration may empty a box).
 */
import type { Page } from "@playwright/test";

/** Holds the app's scripts (/build/…js, not its styles) until `release()`; then they load as usual. */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const script = (url: URL) => url.pathname.startsWith("/build/") && url.pathname.endsWith(".js");
  await page.route(script, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Waits until React has hydrated the element `selector` names and the effects after it have run. */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, selector);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
}
