import { createBusiness, createUser, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";

test.describe("page shell", () => {
  test("signed-out header shows Sign in and Register, and File & Pay goes to login", async ({ page }) => {
    await page.goto("/");
    const account = page.getByTestId("header-account");
    await expect(account.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(account.getByRole("link", { name: "Register" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "File & Pay" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Florida Business Registry. All rights reserved.")).toContainText(String(new Date().getFullYear()));
  });

  test("signed-in header shows Dashboard and Logout, admins also Admin", async ({ page, loginAs }) => {
    const user = await createUser();
    await loginAs(user);
    await page.goto("/search");
    const account = page.getByTestId("header-account");
    await expect(account.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(account.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(account.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Business Search" })).toHaveAttribute("aria-current", "page");

    const admin = await createUser({ isAdmin: true });
    await loginAs(admin);
    await page.goto("/");
    await expect(page.getByTestId("header-account").getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  });

  test("logout posts, ends the session and shows the toast after the redirect", async ({ page, loginAs }) => {
    const user = await createUser();
    await loginAs(user);
    await page.goto("/");
    await page.getByTestId("header-account").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expectToast(page, "Logged out");
    await expect(page.getByTestId("header-account").getByRole("link", { name: "Sign in" })).toBeVisible();
    // The toast is shown once: a reload does not bring it back.
    await page.reload();
    await expect(page.getByTestId("toaster")).not.toContainText("Logged out");
  });

  test("the mobile menu opens from the left and lists the links", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const admin = await createUser({ isAdmin: true });
    await loginAs(admin);
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav).toBeHidden();
    await menu.getByLabel("Open menu").click();
    await expect(nav).toBeVisible();
    await expect(nav.getByText("Find and register businesses in Florida")).toBeVisible();
    for (const name of ["Home", "Business Search", "File & Pay", "Help & Tours", "Dashboard", "Admin Dashboard"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
    const box = await nav.boundingBox();
    expect(box?.x).toBe(0);
    await nav.getByRole("link", { name: "Business Search" }).click();
    await expect(page).toHaveURL("/search");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("the theme switches to dark and back, and sticks across pages", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/light/);
    // With JS the page turns dark at once and saves the choice (a cookie) in the background:
    // the next page can only know it once that request has been answered.
    const saved = page.waitForResponse((r) => r.url().includes("/resources/theme") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Dark" }).click();
    await saved;
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.goto("/search");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Light" }).click();
    await expect(page.locator("html")).toHaveClass(/light/);
  });

  test("with JS the shell's links and the search's pages navigate without loading a new document @js-only", async ({ page }) => {
    const mark = () => page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const sameDocument = () => page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument === true);
    await page.goto("/", { waitUntil: "networkidle" });
    await mark();
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Business Search" }).click();
    await expect(page).toHaveURL("/search");
    await expect(main.getByRole("link", { name: "Business Search" })).toHaveAttribute("aria-current", "page");
    expect(await sameDocument()).toBe(true);

    const token = unique("nav");
    for (let i = 1; i <= 12; i++) createBusiness({ name: `${token} Store ${i} LLC` });
    await page.goto(`/search?name=${token}`, { waitUntil: "networkidle" });
    await mark();
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(`/search?name=${token}&page=2`);
    await expect(page.getByText("Showing 11 to 12 of 12 results")).toBeVisible();
    expect(await sameDocument()).toBe(true);
    await page.goBack();
    await expect(page.getByText("Showing 1 to 10 of 12 results")).toBeVisible();
    expect(await sameDocument()).toBe(true);
    await page.getByTestId("business-card").first().getByRole("link", { name: /View details/ }).click();
    await expect(page).toHaveURL(/\/business\/\d+$/);
    expect(await sameDocument()).toBe(true);
  });

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });

  test("the help menu opens its links in new tabs", async ({ page, jsEnabled }) => {
    await page.goto("/");
    await page.getByLabel("Help menu").click();
    const menu = page.getByTestId("help-menu");
    for (const [name, href] of [
      ["View Help Center", "/help"],
      ["Frequently Asked Questions", "/faq"],
      ["Contact Support", "/contact"],
    ] as const) {
      const link = menu.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(menu.getByRole("button", { name: "Start Interactive Tour" })).toHaveCount(jsEnabled ? 1 : 0);
  });
});
