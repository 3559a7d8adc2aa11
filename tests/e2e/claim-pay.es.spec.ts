/**
 * The owner's journey in Spanish (issue 42), with JavaScript on and off: claim with a wrong code
 * then the letter's, pay (a field error and, with JavaScript, a declined card first), the receipt
 * page and its PDF read back, and the dashboard. Every page visited is scanned with axe by the fixtures.
 */
import { createBusiness, createUser, getBusiness } from "../support/factories";
import { pdfPages } from "../support/letter-pdf";
import { expect, expectToast, test } from "./fixtures";
import { serveStripeJs, stripeDoubleUrl } from "./stripe-page";

test.describe("el propietario en español", () => {
  test.beforeEach(async ({ page }) => {
    await serveStripeJs(page);
  });

  test("reclama, paga, abre el recibo y su panel", async ({ page, loginAs, jsEnabled }) => {
    const business = createBusiness();
    const owner = await createUser();
    await loginAs(owner);

    // Claim: Spanish page, a wrong code's Spanish field error, then the letter's code.
    await page.goto(`/claim/${business.id}?lng=es`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(`Reclamar ${business.name} | Registro de Negocios de Florida`);
    await expect(page.getByRole("heading", { level: 2, name: "Verificación requerida" })).toBeVisible();
    await expect(page.getByLabel("Número de empleados")).toHaveValue("0");
    await page.getByRole("textbox", { name: "Código de verificación" }).fill("1111111");
    await page.getByRole("button", { name: "Reclamar negocio" }).click();
    await expect(page.getByText("No se pudo reclamar el negocio. Verifique su código de verificación e inténtelo de nuevo.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Código de verificación" })).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("textbox", { name: "Código de verificación" }).fill("123");
    await page.getByRole("button", { name: "Reclamar negocio" }).click();
    await expect(page.getByText("El código de verificación debe tener 7 dígitos")).toBeVisible();
    await page.getByRole("textbox", { name: "Código de verificación" }).fill("7654321");
    await page.getByRole("button", { name: "Reclamar negocio" }).click();
    await expect(page).toHaveURL(`/business/${business.id}`);
    await expectToast(page, "Negocio reclamado correctamente");
    await expect(page.getByTestId("toaster")).toContainText("Ahora puede administrar este negocio y pagar sus impuestos comerciales.");
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: true, ownerId: owner.id });

    // Pay: the Spanish page, the description's Spanish error, then the card.
    await page.goto(`/payment/${business.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pagar el recibo de impuesto comercial" })).toBeVisible();
    await expect(page.getByText("Monto total")).toBeVisible();
    await expect(page.getByText("Tarifa básica")).toBeVisible();
    await expect(page.getByText(/^Válido del 1 de octubre de \d{4} al 30 de septiembre de \d{4}$/)).toBeVisible();
    const total = (await page.getByTestId("total-amount").textContent())!;
    expect(total).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await page.getByLabel("Descripción").fill("abc");
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    await expect(page.getByText("La descripción debe tener al menos 5 caracteres")).toBeVisible();
    await page.getByLabel("Descripción").fill("Recibo de impuesto comercial");
    await page.getByRole("button", { name: "Continuar al pago" }).click();
    if (jsEnabled) {
      await page.getByLabel("Card number").fill("4000000000000002");
      await page.getByRole("button", { name: `Pagar ${total}` }).click();
      await expectToast(page, "El pago no se realizó");
      await expect(page.getByTestId("payment-error")).toHaveText("Su tarjeta fue rechazada.");
      await page.getByLabel("Card number").fill("4242424242424242");
      await page.getByRole("button", { name: `Pagar ${total}` }).click();
    } else {
      await expect(page).toHaveURL(new RegExp(`^${stripeDoubleUrl()}/checkout/cs_test_`));
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay" }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/payment/${business.id}\\?paid=\\d+$`));
    await expect(page.getByRole("heading", { name: "Pago realizado correctamente" })).toBeVisible();
    await expectToast(page, "Pago realizado correctamente");
    await expect(page.getByRole("link", { name: "Ir a mi panel" })).toHaveAttribute("href", "/dashboard");

    // The receipt page in Spanish: its date written in Spanish, money in dollars.
    await page.getByRole("link", { name: "Ver recibo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Recibo de impuesto comercial local" })).toBeVisible();
    await expect(page.getByTestId("receipt-date-paid")).toHaveText(/^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/);
    await expect(page.getByTestId("receipt-validity")).toHaveText(/^Válido del 1 de octubre de \d{4} al 30 de septiembre de \d{4}$/);
    await expect(page.getByTestId("receipt-total")).toHaveText(total);
    await expect(page.getByText("Tarjeta de crédito (Stripe)")).toBeVisible();
    await expect(page.getByText(business.name)).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver a mi panel" })).toBeVisible();

    // Its PDF, downloaded from the page and read back: Spanish, accents drawn.
    const pdfHref = await page.getByRole("link", { name: "Descargar PDF" }).getAttribute("href");
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const pdfText = (await pdfPages(new Uint8Array(await pdf.body()))).join("\n");
    for (const text of ["Recibo de impuesto comercial local", "Número de recibo", "Fecha de pago", business.name]) expect(pdfText).toContain(text);
    expect(pdfText).toMatch(/Válido del 1 de octubre de \d{4} al 30 de septiembre de \d{4}/);
    expect(pdfText).toContain(total);

    // The dashboard in Spanish.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Mi panel" })).toBeVisible();
    const row = page.getByTestId(`business-row-${business.id}`);
    await expect(row.getByText("Pagado", { exact: true })).toBeVisible();
    await expect(row.getByTestId(`standing-${business.id}`)).toContainText("Situación:");
    await page.getByRole("link", { name: /^Historial de pagos/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Historial de pagos" })).toBeVisible();
    await expect(page.getByRole("cell", { name: total })).toBeVisible();
  });
});
