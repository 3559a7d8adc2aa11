/**
 * The owner's filings in Spanish (issue 42), with JavaScript on and off: a new receipt
 * application started in Spanish, a location outside town refused with the Spanish field error,
 * every step to the review and the submission (the Spanish toast), then the filing's page in
 * Spanish; and a transfer's fee page and review step in Spanish. Every page visited is scanned
 * with axe by the fixtures.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { addDocument, createFiling, getFilingRow, saveAnswers } from "~/models/filings/filings.server";
import { createBusiness, createUser, unique } from "../support/factories";
import { storedPdf } from "../support/filings";
import { expect, expectToast, test } from "./fixtures";

const fixture = (name: string) => path.resolve("tests/fixtures", name);
const filingIdOf = (page: Page) => Number(new URL(page.url()).pathname.split("/")[2]);
const BRAND = "Registro de Negocios de Florida";

test.describe("trámites en español", () => {
  test("solicita un recibo nuevo paso a paso, lo presenta y ve su trámite", async ({ page, loginAs }) => {
    test.slow(); // every step of an application and an upload
    const user = await createUser();
    const name = `Café del Sol ${unique()}`;
    await loginAs(user);

    // The start page in Spanish: its title, the kinds and their checklists.
    await page.goto("/filings/new?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(`Iniciar un trámite | ${BRAND}`);
    await expect(page.getByRole("heading", { level: 1, name: "Iniciar un trámite" })).toBeVisible();
    const card = page.getByTestId("kind-new-business");
    await expect(card.getByRole("heading", { level: 2, name: "Solicitud de recibo nuevo" })).toBeVisible();
    await expect(card).toContainText("Contrato de arrendamiento o prueba de la ubicación");
    await expect(page.getByTestId("kind-close-business")).toContainText("búsquelo en el registro");
    await card.getByRole("button", { name: "Iniciar la solicitud de recibo nuevo" }).click();

    // Step 1: the applicant and the business.
    await expect(page).toHaveURL(/\/filings\/\d+\/business$/);
    const id = filingIdOf(page);
    await expect(page).toHaveTitle(`Solicitante y negocio: Solicitud de recibo nuevo | ${BRAND}`);
    await expect(page.getByRole("heading", { level: 1, name: "Solicitante y negocio" })).toBeVisible();
    await expect(page.getByText("Paso 1 de 5: Solicitante y negocio")).toBeVisible();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
    await page.getByLabel("Nombre legal del negocio").fill(name);
    await page.getByLabel("Propietario único").check();
    await page.getByLabel("Número de teléfono").fill("(954) 555-0100");
    await page.getByRole("button", { name: "Guardar y continuar" }).click();

    // Step 2: an address outside town is refused in Spanish; what was typed stays.
    await expect(page).toHaveURL(`/filings/${id}/location`);
    await expect(page.getByText("Paso 2 de 5: Ubicación en el municipio")).toBeVisible();
    await page.getByLabel("Dirección").fill("3150 SW 52nd Ave");
    await page.getByLabel("Ciudad").fill("Miami");
    await page.getByLabel("Código postal").fill("33023");
    await page.getByLabel("Sí, desde mi hogar").check();
    await page.getByRole("button", { name: "Guardar y continuar" }).click();
    await expect(page.getByText("El negocio debe estar ubicado en Pembroke Park")).toBeVisible();
    await expect(page.getByLabel("Ciudad")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Dirección")).toHaveValue("3150 SW 52nd Ave");
    await page.getByLabel("Ciudad").fill("Pembroke Park");
    await page.getByRole("button", { name: "Guardar y continuar" }).click();

    // Step 3: the activity (the town's categories are its data, as it wrote them).
    await expect(page).toHaveURL(`/filings/${id}/activity`);
    await expect(page.getByRole("heading", { level: 1, name: "Actividad" })).toBeVisible();
    await page.getByLabel("Actividad", { exact: true }).selectOption({ label: "Restaurant or food service" });
    await page.getByLabel("Número de empleados").fill("2");
    await page.getByLabel("Número de vehículos").fill("0");
    await page.getByRole("button", { name: "Guardar y continuar" }).click();

    // Step 4: the documents, an upload with its Spanish toast.
    await expect(page).toHaveURL(`/filings/${id}/documents`);
    await expect(page.getByText("Paso 4 de 5: Documentos")).toBeVisible();
    const lease = page.getByTestId("document-proof-of-location");
    await expect(lease).toContainText("Obligatorio");
    await lease.getByLabel("Elegir el archivo para Contrato de arrendamiento o prueba de la ubicación").setInputFiles(fixture("lease.pdf"));
    await lease.getByRole("button", { name: "Subir Contrato de arrendamiento o prueba de la ubicación" }).click();
    await expectToast(page, "Documento subido");
    await expect(page.getByTestId("uploaded-proof-of-location")).toContainText("Subido:");
    await page.getByRole("button", { name: "Continuar", exact: true }).click();

    // Step 5: the summary, then the submission.
    await expect(page).toHaveURL(`/filings/${id}/review`);
    await expect(page.getByText("Paso 5 de 5: Revisar y presentar")).toBeVisible();
    await expect(page.getByText("Aquí está todo lo que el municipio necesita.")).toBeVisible();
    await expect(page.locator('[data-answer="ownership"]')).toHaveText("Propietario único");
    await expect(page.locator('[data-answer="homeBased"]')).toHaveText("Sí");
    await page.getByRole("button", { name: "Presentar trámite" }).click();

    // The filing's page in Spanish: its status, its note and its history.
    await expect(page).toHaveURL(`/filings/${id}`);
    await expectToast(page, "Trámite presentado");
    await expect(page.getByTestId("toaster")).toContainText("El municipio lo revisará y le enviará su decisión por correo electrónico.");
    await expect(page).toHaveTitle(`Solicitud de recibo nuevo: ${name} | ${BRAND}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.locator('[data-status="submitted"]')).toHaveText("Presentado");
    await expect(page.getByText("Presentado: el municipio lo revisa")).toBeVisible();
    await expect(page.getByText(new RegExp(`^Trámite número ${id} · iniciado el `))).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Historial" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Ubicación en el municipio" })).toBeVisible();

    // The dashboard's Documents tab: its row in Spanish.
    await page.goto("/dashboard?tab=documents");
    const row = page.getByTestId(`filing-row-${id}`);
    await expect(row.getByRole("cell", { name: "Solicitud de recibo nuevo" })).toBeVisible();
    await expect(row.locator('[data-status="submitted"]')).toHaveText("Presentado");
    await expect(row.getByText("En espera de la revisión del municipio")).toBeVisible();
    await expect(page.getByRole("link", { name: "Iniciar un trámite" })).toHaveAttribute("href", "/filings/new");
  });

  test("un traspaso: el paso de revisión y la página del cargo en español", async ({ page, loginAs }) => {
    const [seller, buyer] = [await createUser(), await createUser()];
    // $100 + 3 × $5 + 2 × $10 = $135 of tax: the fee is $13.50.
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: seller.id, hasPaidBTR: true, employeeCount: 3, vehicleCount: 2 });
    const filing = createFiling(seller, "transfer", business.id);
    expect(saveAnswers(seller, filing, { buyer: buyer.username }).errors).toEqual({});
    await addDocument(getFilingRow(filing.id)!, "bill-of-sale", storedPdf("bill-of-sale.pdf"));
    await loginAs(seller);

    await page.goto(`/filings/${filing.id}/review?lng=es`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: "Revisar y presentar" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Cargo por traspaso" })).toBeVisible();
    await expect(page.getByText("Debe pagarse con tarjeta antes de poder presentar el traspaso.")).toBeVisible();
    // Submitting before paying: refused in Spanish.
    await page.getByRole("button", { name: "Presentar trámite" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Pague el cargo por traspaso antes de presentar" })).toBeVisible();

    await page.getByRole("link", { name: "Pagar el cargo por traspaso" }).click();
    await expect(page).toHaveURL(`/filings/${filing.id}/fee`);
    await expect(page).toHaveTitle(`Cargo por traspaso: ${business.name} | ${BRAND}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pagar el cargo por traspaso" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Cargo por traspaso: $13.50" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continuar al pago" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver a la revisión" })).toBeVisible();

    // The business page's owner panel: the filings about the business.
    await page.goto(`/business/${business.id}`);
    const filings = page.getByRole("navigation", { name: "Trámites sobre este negocio" });
    await expect(filings.getByText("Presentar ante el municipio:")).toBeVisible();
    await expect(filings.getByRole("link", { name: "Cambiar de ubicación" })).toBeVisible();
  });
});
