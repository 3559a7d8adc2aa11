/**
 * The town staff's pages in Spanish (issue 42), with JavaScript on and off: the overview with its
 * charts, a business's admin page (the counter payment's field error, then its toast), the audit
 * log, the remittance page and the tax years. Every page visited is scanned with axe by the fixtures.
 */
import type { Page } from "@playwright/test";
import { createBusiness, createUser, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";

const staffNav = (page: Page) => page.getByTestId("staff-sidebar").getByRole("navigation", { name: "Personal" });

test.describe("el personal del municipio en español", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("el resumen, un negocio con un pago en ventanilla, la auditoría y las remesas", async ({ page, loginAs }) => {
    const business = createBusiness({ name: `${unique("Mostrador")} Florist LLC`, employeeCount: 2, vehicleCount: 0 });
    await loginAs(await createUser({ role: "clerk", username: unique("clerk_") }));

    // The overview: Spanish title, headings, figures and charts; the staff navigation in Spanish.
    await page.goto("/admin?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle("Panel de administración | Registro de Negocios de Florida");
    await expect(page.getByRole("heading", { level: 1, name: "Panel de administración" })).toBeVisible();
    await expect(page.getByTestId("admin-summary")).toContainText(/Ingresos, año fiscal \d{4}-\d{4}/);
    await expect(page.getByRole("heading", { level: 3, name: "Recibos vendidos por mes" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Negocios al día, por vencer y morosos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Descargar informe de pagos (CSV)" })).toBeVisible();
    await expect(staffNav(page).getByRole("link", { name: "Resumen" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Secciones de administración" }).getByRole("link", { name: "Usuarios" })).toBeVisible();

    // A business's admin page: the counter payment's Spanish field error, then its Spanish toast.
    await page.goto(`/admin/businesses/${business.id}`);
    await expect(page).toHaveTitle("Negocio | Administración | Registro de Negocios de Florida");
    await expect(page.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Registrar un pago en ventanilla" })).toBeVisible();
    await expect(page.getByText("Todavía no hay pagos.")).toBeVisible();
    await page.getByRole("radio", { name: "Cheque" }).check();
    await page.getByRole("button", { name: "Registrar el pago y emitir el recibo" }).click();
    await expect(page.getByText("Indique el número de cheque")).toBeVisible();
    await expect(page.getByLabel("Número de cheque (si paga con cheque)")).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("radio", { name: "Cheque" }).check();
    await page.getByLabel("Número de cheque (si paga con cheque)").fill("1042");
    await page.getByRole("button", { name: "Registrar el pago y emitir el recibo" }).click();
    await expectToast(page, "Pago registrado");
    await expect(page.getByTestId("toaster")).toContainText(/Recibo 2027-\d{6} del 2026-2027: \$[\d,.]+\./);
    await expect(page.getByRole("link", { name: /^Recibo 2027-\d{6}$/ })).toBeVisible();
    await expect(page.getByTestId(/^payment-\d+$/)).toContainText("Cheque n.º 1042 · pagado el");
    await expect(page.getByTestId(/^payment-\d+$/)).toContainText("aún no remitido");

    // The audit log: Spanish title, filters and table.
    await staffNav(page).getByRole("link", { name: "Auditoría" }).click();
    await expect(page).toHaveURL("/admin/audit");
    await expect(page).toHaveTitle("Registro de auditoría | Administración | Registro de Negocios de Florida");
    await expect(page.getByRole("heading", { level: 1, name: "Registro de auditoría" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Acción" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Filtrar" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Descargar (CSV)" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Cuándo (UTC)" })).toBeVisible();

    // Remittance: the period's statement in Spanish, dates written in Spanish.
    await staffNav(page).getByRole("link", { name: "Remesas" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Remesas al municipio" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /^Por remitir: del \d{1,2} de [a-z]+ de \d{4} al \d{1,2} de [a-z]+ de \d{4}$/ })).toBeVisible();
    await expect(page.getByText("Neto adeudado al municipio")).toBeVisible();
  });

  test("los años fiscales", async ({ page, loginAs }) => {
    await loginAs(await createUser({ role: "admin", isAdmin: true }));
    await page.goto("/admin/tax-years?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle("Años fiscales | Administración | Registro de Negocios de Florida");
    await expect(page.getByRole("heading", { level: 1, name: "Años fiscales" })).toBeVisible();
    await expect(page.getByText("Año fiscal actual FY2027: válido del 1 de octubre de 2026 al 30 de septiembre de 2027.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Recibos e ingresos por año fiscal" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /^Por vencer y morosos \([\d,]+; recargos adeudados hoy \$[\d,.]+\)$/ })).toBeVisible();
    await expect(page.getByTestId("tax-year-figures").getByRole("columnheader", { name: "Recibos vendidos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Descargar (CSV)" })).toHaveCount(2);
    await expect(staffNav(page).getByRole("link", { name: "Años fiscales" })).toHaveAttribute("aria-current", "page");
  });
});
