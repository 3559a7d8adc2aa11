/**
 * The town staff's pages in Spanish (issue 42), part 2, with JavaScript on and off: the filings
 * queue, a filing's review (the decision form's Spanish field error), the business activities
 * (a Spanish field error and toast), the claim letters, the mail outbox and the fee schedule (a
 * Spanish field error). Every page visited is scanned with axe by the fixtures.
 */
import crypto from "node:crypto";
import { getDb } from "~/db/client.server";
import { getFilingRow } from "~/models/filings/filings.server";
import { enqueueMail } from "~/models/outbox.server";
import { submittedApplication as submitted } from "../support/filings";
import { createBusiness, createUser, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";

const BRAND = "Registro de Negocios de Florida";

/** A home-based new receipt application, submitted by a fresh applicant. */
async function submittedApplication(businessName: string) {
  const applicant = await createUser();
  const { filing } = await submitted(applicant, { businessName, email: applicant.email, category: "home-occupation", employeeCount: "1" });
  return filing;
}

test.describe("el personal del municipio en español, parte 2", () => {
  test("trámites, actividades, cartas, correo saliente y tabla de tarifas", async ({ page, loginAs }) => {
    test.slow();
    const marker = unique("Revision");
    const filing = await submittedApplication(`${marker} Contabilidad`);
    const admin = await createUser({ isAdmin: true });
    await loginAs(admin);
    const main = page.locator("#main");

    // The filings queue.
    await page.goto(`/admin/filings?lng=es&q=${encodeURIComponent(marker)}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(`Trámites | Administración | ${BRAND}`);
    await expect(main.getByRole("heading", { level: 1, name: "Trámites" })).toBeVisible();
    await expect(main.getByLabel("Estado", { exact: true })).toHaveValue("submitted");
    await expect(main.getByTestId("filings-total")).toHaveText("1 trámite");
    await expect(main.getByTestId(`filing-row-${filing.id}`)).toContainText("Solicitud de recibo nuevo");

    // A filing's review: the decision form's field error in Spanish.
    await main.getByRole("link", { name: new RegExp(`^#${filing.id}`) }).click();
    await expect(page).toHaveURL(`/admin/filings/${filing.id}`);
    await expect(page).toHaveTitle(`Trámite n.º ${filing.id} | Administración | ${BRAND}`);
    await expect(main.getByRole("heading", { level: 1, name: `Solicitud de recibo nuevo #${filing.id}` })).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: "Decisión" })).toBeVisible();
    await expect(main.getByText("Nada: están todas las respuestas y documentos que exigen las normas.")).toBeVisible();
    await main.getByLabel("Motivo de la denegación").fill("   ");
    await main.getByRole("button", { name: "Denegar" }).click();
    await expect(main.getByText("Escriba un mensaje para el solicitante")).toBeVisible();
    expect(getFilingRow(filing.id)).toMatchObject({ status: "submitted" });

    // The business activities: a Spanish field error, then a Spanish toast.
    await page.goto("/admin/filings/categories");
    await expect(page).toHaveTitle(`Actividades comerciales | Administración | ${BRAND}`);
    await expect(main.getByRole("heading", { level: 1, name: "Actividades comerciales" })).toBeVisible();
    const add = main.getByRole("region", { name: "Agregar una actividad" });
    await add.getByLabel("Código").fill("retail");
    await add.getByLabel("Nombre").fill("Tiendas");
    await add.getByRole("button", { name: "Agregar actividad" }).click();
    await expect(add.getByText("Ya existe una actividad con este código: modifíquela en la lista de abajo")).toBeVisible();
    const code = `es-${crypto.randomBytes(4).toString("hex")}`;
    await add.getByLabel("Código").fill(code);
    await add.getByLabel("Nombre").fill("Venta ambulante");
    await add.getByRole("button", { name: "Agregar actividad" }).click();
    await expectToast(page, "Actividad agregada");
    await expect(main.getByTestId(`category-${code}`)).toBeVisible();

    // The claim letters.
    const business = createBusiness({ name: `${marker} Cafetería LLC` });
    await page.goto("/admin/letters");
    await expect(page).toHaveTitle(`Cartas para reclamar | Administración | ${BRAND}`);
    await expect(main.getByRole("heading", { level: 1, name: "Cartas para reclamar" })).toBeVisible();
    await main.getByLabel("El nombre contiene").fill(business.name);
    await main.getByRole("button", { name: "Ver el recuento" }).click();
    await expect(main.getByTestId("batch-preview")).toContainText("1 negocio coincide con estos filtros.");

    // The mail outbox: a message's time on the town's clock, written in Spanish.
    const mailId = enqueueMail(getDb(), { kind: "e2e-es", to: "buzon@example.com", mail: { subject: `${marker} aviso`, html: "<p>Hola</p>", text: "Hola" } })!;
    await page.goto("/admin/mail");
    await expect(page).toHaveTitle(`Correo saliente | Administración | ${BRAND}`);
    await expect(main.getByRole("heading", { level: 1, name: "Correo saliente" })).toBeVisible();
    await expect(main.getByRole("navigation", { name: "Filtrar por estado" }).getByRole("link", { name: /^Todos/ })).toBeVisible();
    const row = main.getByTestId("outbox-row").filter({ hasText: `${marker} aviso` });
    await expect(row.getByRole("cell").nth(1)).toHaveText(/^\d{1,2} [a-z]{3}\.? \d{4}, \d{1,2}:\d{2}\s?[ap]\.\s?m\. E[SD]T$/);
    // One message's page: its status in Spanish (whichever the sender has reached).
    await page.goto(`/admin/mail/${mailId}`);
    await expect(main.getByRole("heading", { level: 1, name: `${marker} aviso` })).toBeVisible();
    await expect(main.getByText(/^(En espera|Enviándose|Enviado|Fallido), \d+ intentos?/)).toBeVisible();

    // The fee schedule of a far year (nothing sold): a field error in Spanish.
    await page.goto("/admin/fee-schedule?year=2199");
    await expect(page).toHaveTitle(`Tabla de tarifas | Administración | ${BRAND}`);
    await expect(main.getByRole("heading", { level: 1, name: "Tabla de tarifas" })).toBeVisible();
    await expect(main.getByText("Válido del 1 de octubre de 2198 al 30 de septiembre de 2199")).toBeVisible();
    await main.getByLabel("Tarifa básica").fill("mucho");
    await main.getByRole("button", { name: "Guardar la tabla de FY2199" }).click();
    await expect(main.getByText("La tarifa básica debe ser un monto en dólares, p. ej., 100.00")).toBeVisible();
    await expect(main.getByLabel("Tarifa básica")).toHaveAttribute("aria-invalid", "true");
  });
});
