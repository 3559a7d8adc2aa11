import { createBusiness, createUser, unique } from "../support/factories";
import { expect, test } from "./fixtures";

// Pages here are axe-scanned after each test; the shared 2-core machine needs the headroom.
test.describe.configure({ timeout: 120_000 });

test.describe("registry search", () => {
  test("searching from the home page opens /search with only the filled fields", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('[data-tour="welcome"]')).toBeVisible();
    await expect(page.locator('[data-tour="btr-process"]')).toBeVisible();
    const featured = page.locator('[data-tour="featured-businesses"]');
    await expect(featured.getByTestId("business-card")).toHaveCount(3);
    await expect(featured.getByRole("link", { name: "View More Businesses" })).toHaveAttribute("href", "/search");
    await expect(page.getByRole("link", { name: "Register Now" })).toHaveAttribute("href", "/register");
    await expect(page.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/search");

    const form = page.locator('[data-tour="business-search"]');
    await expect(form.getByLabel("City")).toHaveValue("");
    await form.getByLabel("Business name", { exact: true }).fill("Gulfstream Logistics");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/search?name=Gulfstream+Logistics");
    const results = page.locator('[data-tour="search-results"]');
    await expect(results.getByTestId("business-card").first()).toContainText("Gulfstream Logistics LLC");
    await expect(page.getByLabel("Business Name", { exact: true })).toHaveValue("Gulfstream Logistics");
  });

  test("the home form is prefilled from the query string and keeps the city", async ({ page }) => {
    await page.goto("/?name=Sunshine&doc=P24&city=Pembroke+Park");
    const form = page.locator('[data-tour="business-search"]');
    await expect(form.getByLabel("Business name", { exact: true })).toHaveValue("Sunshine");
    await expect(form.getByLabel("Document number")).toHaveValue("P24");
    await expect(form.getByLabel("City")).toHaveValue("Pembroke Park");
    await form.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/search\?/);
    const params = new URL(page.url()).searchParams;
    expect([...params].sort()).toEqual([
      ["city", "Pembroke Park"],
      ["doc", "P24"],
      ["name", "Sunshine"],
    ]);
    await expect(page.getByTestId("business-card").first()).toContainText("Sunshine Auto Repair Inc");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute(
      "href",
      "/?name=Sunshine&doc=P24&city=Pembroke+Park",
    );
  });

  test("filters by filing type and status, and a filter change goes back to page 1", async ({ page }) => {
    const token = unique("flt");
    createBusiness({ name: `${token} Marine Corp`, filingType: "CORP", status: "INACTIVE" });
    createBusiness({ name: `${token} Marine LLC`, filingType: "LLC", status: "ACTIVE" });
    await page.goto(`/search?name=${token}`);
    await expect(page.getByText("Showing 1 to 2 of 2 results")).toBeVisible();
    const filters = page.locator('[data-tour="search-filters"]');
    await filters.getByLabel("Filing Type").selectOption("CORP");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`name=${token}.*type=CORP`));
    await expect(page.getByText("Showing 1 to 1 of 1 results")).toBeVisible();
    const card = page.getByTestId("business-card");
    await expect(card).toContainText(`${token} Marine Corp`);
    await expect(card).toContainText("Corporation");
    await expect(card.getByText("INACTIVE")).toHaveAttribute("data-colour", "red");

    await filters.getByLabel("Status").selectOption("ACTIVE");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No results found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria to find what you're looking for.")).toBeVisible();
  });

  test("paginates 10 a page with plain links and clamps an out-of-range page", async ({ page }) => {
    const token = unique("pg");
    for (let i = 1; i <= 12; i++) createBusiness({ name: `${token} Store ${i} LLC`, category: i === 1 ? "Retail" : null });
    await page.goto(`/search?name=${token}`);
    await expect(page.getByText("Showing 1 to 10 of 12 results")).toBeVisible();
    await expect(page.getByTestId("business-card")).toHaveCount(10);
    const nav = page.getByRole("navigation", { name: "Pagination" });
    await nav.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`page=2`));
    await expect(page.getByText("Showing 11 to 12 of 12 results")).toBeVisible();
    await expect(nav.locator('[aria-current="page"]')).toHaveText("2");
    await nav.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByText("Showing 1 to 10 of 12 results")).toBeVisible();

    await page.goto(`/search?name=${token}&page=99`);
    await expect(page.getByText("Showing 11 to 12 of 12 results")).toBeVisible();
    await page.goto(`/search?name=${token}&page=abc`);
    await expect(page.getByText("Showing 1 to 10 of 12 results")).toBeVisible();
  });

  test("an empty search state and hostile text never fail", async ({ page }) => {
    for (const text of [`${unique("none")} nothing`, '"NEAR(OR -* ) 🙂', "*"]) {
      const response = await page.goto(`/search?name=${encodeURIComponent(text)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByText("No results found")).toBeVisible();
    }
  });

  test("document number search ignores case and spaces", async ({ page }) => {
    await page.goto("/search?doc=l24+0000+00003");
    await expect(page.getByText("Showing 1 to 1 of 1 results")).toBeVisible();
    await expect(page.getByTestId("business-card")).toContainText("Gulfstream Logistics LLC");
  });
});

test.describe("business detail", () => {
  test("unclaimed: every field, claim link via login when signed out, pay disabled", async ({ page }) => {
    const b = createBusiness({
      name: `${unique("Det")} Bakery LLC`,
      filingType: "sole_proprietorship",
      address1: "3150 SW 52nd Ave",
      city: "Pembroke Park",
      state: "FL",
      zip: "",
      registeredOn: "2024-01-05",
      category: "Restaurant",
    });
    await page.goto(`/business/${b.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(b.name);
    await expect(page.getByText("Sole Proprietorship").first()).toBeVisible();
    await expect(page.getByText("Jan 5, 2024").first()).toBeVisible();
    await expect(page.getByText("3150 SW 52nd Ave, Pembroke Park, FL", { exact: true })).toBeVisible();
    await expect(page.getByText(b.documentNumber)).toBeVisible();
    await expect(page.getByText("Employees")).toHaveCount(0);
    const claim = page.getByTestId("claim-card").getByRole("link", { name: "Claim This Business" });
    await expect(claim).toHaveAttribute("href", `/login?redirectTo=%2Fclaim%2F${b.id}`);
    const pay = page.getByTestId("pay-card").getByRole("button", { name: "Pay Business Tax" });
    await expect(pay).toBeDisabled();
    await expect(page.getByText("You must claim this business before paying taxes")).toBeVisible();
    await expect(page.getByTestId("subscription-card")).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toContain("7654321");
  });

  test("unclaimed with no date, signed in: claim goes straight to /claim", async ({ page, loginAs }) => {
    const user = await createUser();
    const b = createBusiness({ registeredOn: null, filingType: "XYZ" });
    await loginAs(user);
    await page.goto(`/business/${b.id}`);
    await expect(page.getByText("Unknown date").first()).toBeVisible();
    await expect(page.getByText("XYZ").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Claim This Business" })).toHaveAttribute("href", `/claim/${b.id}`);
  });

  test("claimed by someone else: the already-claimed message and counts", async ({ page, loginAs }) => {
    const owner = await createUser();
    const visitor = await createUser();
    const b = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 7, vehicleCount: null });
    await loginAs(visitor);
    await page.goto(`/business/${b.id}`);
    await expect(
      page.getByText("This business has already been claimed. If you are the owner, please contact support."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Claim This Business" })).toHaveCount(0);
    await expect(page.getByText("Employees")).toBeVisible();
    await expect(page.getByText("7", { exact: true })).toBeVisible();
    await expect(page.getByText("Not specified")).toBeVisible();
    await expect(page.getByTestId("subscription-card")).toHaveCount(0);
  });

  test("owned and unpaid: the owner can pay; signed out the pay link goes via login", async ({ page, loginAs }) => {
    const owner = await createUser();
    const b = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 2, vehicleCount: 1 });
    await page.goto(`/business/${b.id}`);
    await expect(page.getByRole("link", { name: "Pay Business Tax" })).toHaveAttribute(
      "href",
      `/login?redirectTo=%2Fpayment%2F${b.id}`,
    );
    await loginAs(owner);
    await page.goto(`/business/${b.id}`);
    await expect(page.getByText("You have claimed this business.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Pay Business Tax" })).toHaveAttribute("href", `/payment/${b.id}`);
    await expect(page.getByTestId("subscription-card")).toHaveCount(0);
  });

  test("owned and paid: BTR Paid and the owner's subscription card", async ({ page, loginAs }) => {
    const owner = await createUser();
    const b = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true, employeeCount: 1, vehicleCount: 0 });
    await page.goto(`/business/${b.id}`);
    await expect(page.getByText("BTR Paid")).toBeVisible();
    await expect(page.getByTestId("subscription-card")).toHaveCount(0);
    await loginAs(owner);
    await page.goto(`/business/${b.id}`);
    await expect(page.getByText("BTR Paid")).toBeVisible();
    await expect(page.getByRole("link", { name: "Pay Business Tax" })).toHaveCount(0);
    await expect(page.getByTestId("subscription-card")).toBeVisible();
  });

  test("a missing or non-numeric id is 'Business Not Found' (404)", async ({ page }) => {
    for (const id of ["999999999", "abc", "1.5"]) {
      const response = await page.goto(`/business/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Business Not Found" })).toBeVisible();
      await expect(page.getByText("The business you're looking for doesn't exist or has been removed.")).toBeVisible();
    }
    await page.getByRole("link", { name: "Return to Search" }).click();
    await expect(page).toHaveURL("/search");
  });
});

test.describe("pages shared by anonymous visitors", () => {
  test("a search page served from the page cache works like a fresh one", async ({ page, jsEnabled }) => {
    const b = createBusiness({ name: `${unique("Shared")} Bakery LLC` });
    const url = `/search?name=${encodeURIComponent(b.name.slice(0, 14))}`;
    expect((await page.request.get(url)).headers()["x-page-cache"]).toBe("miss");
    const response = await page.goto(url);
    expect(response!.headers()["x-page-cache"]).toBe("hit");
    await expect(page.getByRole("heading", { name: b.name })).toBeVisible();
    const input = page.getByRole("combobox", { name: "Business Name" });
    if (jsEnabled) {
      // Hydrated (its scripts carry this request's nonce): suggestions answer as usual.
      await input.fill("");
      await input.pressSequentially(b.name.slice(0, 12));
      await expect(page.getByRole("listbox").getByRole("option")).toHaveCount(1);
      await page.getByRole("listbox").getByRole("option").click();
    } else {
      await page.getByRole("link", { name: "View details" }).click();
    }
    await expect(page).toHaveURL(`/business/${b.id}`);
  });
});

test.describe("with JavaScript", () => {
  test("name suggestions open after 2 characters and a click opens the business @js-only", async ({ page }) => {
    await page.goto("/search");
    const input = page.getByRole("combobox", { name: "Business Name" });
    await input.pressSequentially("G");
    await page.waitForTimeout(400);
    await expect(page.getByRole("listbox")).toBeHidden();
    await input.pressSequentially("ulfstream Logis");
    const list = page.getByRole("listbox", { name: "Business Name suggestions" });
    await expect(list).toBeVisible();
    await expect(list).toHaveCSS("max-height", "240px");
    const options = list.getByRole("option");
    expect(await options.count()).toBeLessThanOrEqual(5);
    await expect(options.first()).toContainText("Gulfstream Logistics LLC");
    await expect(options.first()).toContainText("L24000000003");
    // Clicking outside closes it; focusing again reopens it.
    await page.getByRole("heading", { name: "Business Search" }).click();
    await expect(list).toBeHidden();
    await input.focus();
    await expect(list).toBeVisible();
    await options.first().click();
    await expect(page).toHaveURL("/business/3");
  });

  test("suggestions work with the keyboard on the home page and by document number @js-only", async ({ page }) => {
    const b = createBusiness({ name: `${unique("Kbd")} Fitness LLC` });
    await page.goto("/");
    const input = page.getByRole("combobox", { name: "Business name" });
    await input.pressSequentially(b.name.slice(0, 10));
    const list = page.getByRole("listbox");
    await expect(list.getByRole("option")).toHaveCount(1);
    await input.press("Escape");
    await expect(list).toBeHidden();
    await input.press("ArrowDown");
    await expect(input).toHaveAttribute("aria-activedescendant", /.+/);
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
    await expect(page).toHaveURL(`/business/${b.id}`);

    await page.goto("/search");
    const doc = page.getByRole("combobox", { name: "Document Number" });
    await doc.pressSequentially(b.documentNumber.toLowerCase());
    const docList = page.getByRole("listbox", { name: "Document Number suggestions" });
    await expect(docList.getByRole("option")).toHaveCount(1);
    await expect(docList.getByRole("option")).toContainText(b.documentNumber);
    // Back to one character closes the list.
    await doc.fill("l");
    await expect(docList).toBeHidden();
  });

  test("the address bar follows the filters without leaving the page @js-only", async ({ page }) => {
    const token = unique("sync");
    createBusiness({ name: `${token} Towing Inc` });
    await page.goto("/search?page=2");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole("combobox", { name: "Business Name" }).pressSequentially(token);
    await expect(page).toHaveURL(`/search?name=${token}`);
    await expect(page.getByText("Showing 1 to 1 of 1 results")).toBeVisible();
    await page.getByLabel("City").selectOption("Pembroke Park");
    await expect(page).toHaveURL(`/search?name=${token}&city=Pembroke+Park`);
    await page.getByLabel("Filing Type").selectOption("CORP");
    await expect(page).toHaveURL(`/search?name=${token}&city=Pembroke+Park&type=CORP`);
    await expect(page.getByText("No results found")).toBeVisible();
    await page.getByLabel("City").selectOption("all");
    await expect(page).toHaveURL(`/search?name=${token}&type=CORP`);
    // Same document: the marker set before typing is still there.
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
  });
});
