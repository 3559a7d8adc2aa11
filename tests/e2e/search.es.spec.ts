/**
 * The public pages in Spanish (issue 42): home, search, a business page, the not-found pages,
 * and the language switch, with JavaScript on and off (the projects). Every page visited is
 * axe-scanned in Spanish too (the scan shares the test's cookies, so its `lng`).
 */
import type { Page } from "@playwright/test";
import { createBusiness, unique } from "../support/factories";
import { expect, test } from "./fixtures";

// Pages here are axe-scanned after each test; the shared 2-core machine needs the headroom.
test.describe.configure({ timeout: 120_000 });

/** The header's switch (the mobile menu has its own, hidden on a desktop screen). */
const languageSwitch = (page: Page) => page.getByTestId("header-account").getByTestId("language-switch");

test.describe("the public pages in Spanish", () => {
  test("the home page: lang, alternates, headings and the search form", async ({ page }) => {
    await page.goto("/?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle("Registro de Negocios de Florida");
    const base = new URL(page.url()).origin;
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", `${base}/?lng=es`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${base}/?lng=en`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${base}/`);

    await expect(page.getByRole("heading", { level: 1, name: "Registro de Negocios de Florida" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nuestros servicios" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cómo obtener su recibo de impuesto comercial" })).toBeVisible();
    await expect(page.getByTestId("process-explainer").getByRole("heading", { name: "Reclame su ficha" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Negocios destacados" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver más negocios" })).toHaveAttribute("href", "/search");
    await expect(page.getByRole("link", { name: "Registrarse ahora" })).toHaveAttribute("href", "/register");
    await expect(page.getByRole("link", { name: "Más información sobre cómo encontrar su negocio" })).toBeVisible();
    const featured = page.locator('[data-tour="featured-businesses"]');
    await expect(featured.getByTestId("business-card").first().getByText("Dirección:")).toBeVisible();
    await expect(featured.getByRole("link", { name: /^Ver detalles de / }).first()).toBeVisible();

    // The footer's theme choice.
    const theme = page.getByRole("form", { name: "Tema" });
    await expect(theme.getByRole("button", { name: "Claro" })).toHaveAttribute("data-tooltip", "Usar siempre el tema claro");
    await expect(theme.getByRole("button", { name: "Sistema" })).toBeVisible();
    // The help menu, on every page (its texts live in common).
    await page.getByLabel("Menú de ayuda").click();
    await expect(page.getByTestId("help-menu").getByRole("link", { name: "Preguntas frecuentes" })).toBeVisible();
    await page.getByLabel("Menú de ayuda").click();

    const form = page.getByRole("search", { name: "Búsqueda de negocios" });
    await expect(form.getByLabel("Ciudad")).toHaveValue("");
    await expect(form.getByLabel("Ciudad").locator("option").first()).toHaveText("Filtrar por ciudad");
    await expect(form.getByLabel("Número de documento")).toHaveAttribute("placeholder", "p. ej., L24000000003");
    await form.getByLabel("Nombre del negocio", { exact: true }).fill("Gulfstream Logistics");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL("/search?name=Gulfstream+Logistics");
    // The choice stays (the lng cookie) without the parameter.
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: "Buscar negocios" })).toBeVisible();
    await expect(page.getByText("Mostrando del 1 al 1 de 1 resultados")).toBeVisible();
    await expect(page.getByTestId("business-card").first()).toContainText("Gulfstream Logistics LLC");
  });

  test("the search page: labels, result counts, no results and pagination", async ({ page }) => {
    const token = unique("es");
    for (let i = 1; i <= 12; i++) createBusiness({ name: `${token} Tienda ${i} LLC`, registeredOn: "2024-01-05" });
    await page.goto(`/search?name=${token}&lng=es`);
    await expect(page).toHaveTitle("Buscar negocios | Registro de Negocios de Florida");
    const filters = page.getByRole("search", { name: "Filtros de búsqueda" });
    await expect(filters.getByRole("combobox", { name: "Nombre del negocio" })).toHaveValue(token);
    await expect(filters.getByRole("combobox", { name: "Número de documento" })).toBeVisible();
    await expect(filters.getByLabel("Tipo de registro", { exact: true }).locator("option").first()).toHaveText("Todos los tipos de registro");
    await expect(filters.getByLabel("Estado", { exact: true }).locator("option").first()).toHaveText("Todos los estados");
    await expect(filters.getByText("Búsqueda avanzada")).toBeVisible();
    await expect(filters.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", `/?name=${token}`);

    await expect(page.getByText("Mostrando del 1 al 10 de 12 resultados")).toBeVisible();
    const card = page.getByTestId("business-card").first();
    await expect(card).toContainText("Registrado: 5 ene 2024");
    await expect(card).toContainText("N.º de documento:");
    const nav = page.getByRole("navigation", { name: "Paginación" });
    await expect(nav.getByText("Anterior")).toHaveAttribute("aria-disabled", "true");
    await nav.getByRole("link", { name: "Siguiente" }).click();
    await expect(page.getByText("Mostrando del 11 al 12 de 12 resultados")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Página 1" })).toBeVisible();

    await page.goto(`/search?name=${token}-nada`);
    await expect(page.getByText("No se encontraron resultados")).toBeVisible();
    await expect(page.getByText("Pruebe a cambiar su búsqueda o los filtros para encontrar lo que busca.")).toBeVisible();
  });

  test("a business page: labels, headings and dates written out in Spanish", async ({ page }) => {
    const b = createBusiness({ name: `${unique("Es")} Panadería LLC`, registeredOn: "2024-01-05", category: "Restaurant" });
    await page.goto(`/business/${b.id}?lng=es`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(`${b.name} | Registro de Negocios de Florida`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(b.name);
    await expect(page.getByRole("link", { name: "← Volver a la búsqueda" })).toHaveAttribute("href", "/search");
    const details = page.getByRole("region", { name: "Datos del negocio" });
    await expect(details.getByText("Número de documento", { exact: true })).toBeVisible();
    await expect(details.getByText(b.documentNumber)).toBeVisible();
    await expect(details.getByText("Fecha de registro", { exact: true })).toBeVisible();
    await expect(details.getByText("5 de enero de 2024", { exact: true })).toBeVisible();
    await expect(details.getByText("Dirección principal", { exact: true })).toBeVisible();
    // The state's data stays as written.
    await expect(details.getByText("Restaurant", { exact: true })).toBeVisible();
    const status = page.getByTestId("status-card");
    await expect(status.getByRole("heading", { name: "Estado" })).toBeVisible();
    await expect(status).toContainText("No reclamado");
    await expect(status).toContainText("Registrado el 5 de enero de 2024");
    const claim = page.getByTestId("claim-card");
    await expect(claim.getByRole("heading", { name: "Reclamar este negocio" })).toBeVisible();
    await expect(claim.getByRole("link", { name: "Reclamar este negocio" })).toHaveAttribute("href", `/login?redirectTo=%2Fclaim%2F${b.id}`);
    const pay = page.getByTestId("pay-card");
    await expect(pay.getByRole("heading", { name: "Recibo de impuesto comercial" })).toBeVisible();
    await expect(pay.getByRole("button", { name: "Pagar el impuesto comercial" })).toBeDisabled();
    await expect(pay.getByText("Debe reclamar este negocio antes de pagar los impuestos")).toBeVisible();
    await expect(page.getByTestId("registered-agent").getByRole("heading", { name: "Agente registrado" })).toBeVisible();
    await expect(page.getByTestId("annual-reports").getByRole("heading", { name: "Informes anuales" })).toBeVisible();
  });

  test("the not-found pages in Spanish (404)", async ({ page }) => {
    let response = await page.goto("/business/999999999?lng=es");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Negocio no encontrado | Registro de Negocios de Florida");
    await expect(page.getByRole("heading", { name: "Negocio no encontrado" })).toBeVisible();
    await expect(page.getByText("El negocio que busca no existe o fue eliminado.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver a la búsqueda" })).toHaveAttribute("href", "/search");

    response = await page.goto("/no-existe/aqui");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Página no encontrada | Registro de Negocios de Florida");
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir al inicio" })).toHaveAttribute("href", "/");
  });

  test("the language switch returns to the same search and query in the other language", async ({ page }) => {
    const token = unique("sw");
    createBusiness({ name: `${token} Librería LLC` });
    const search = `/search?name=${token}&city=Pembroke+Park`;
    await page.goto(`${search}&lng=es`);
    await expect(page.getByRole("heading", { level: 1, name: "Buscar negocios" })).toBeVisible();
    await expect(languageSwitch(page)).toHaveText(/English/);

    await languageSwitch(page).click();
    await expect(page).toHaveURL(search);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Business Search" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Business Name" })).toHaveValue(token);
    await expect(page.getByText("Showing 1 to 1 of 1 results")).toBeVisible();

    await languageSwitch(page).click();
    await expect(page).toHaveURL(search);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("combobox", { name: "Nombre del negocio" })).toHaveValue(token);
    await expect(page.getByLabel("Ciudad")).toHaveValue("Pembroke Park");
    await expect(page.getByText("Mostrando del 1 al 1 de 1 resultados")).toBeVisible();
  });
});
