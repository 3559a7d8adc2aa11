/**
 * The help pages in Spanish (issue 42): the help center, the FAQ, contact, the developers' page,
 * the unsubscribe link and the help menu, with JavaScript on and off (the projects), and the
 * guided tour's first steps and notices (JavaScript only). Every page visited is axe-scanned by
 * the fixtures. These pages have no form with fields: the unsubscribe button is their one form.
 */
import type { Page } from "@playwright/test";
import { unsubscribeToken } from "~/models/mail-events.server";
import { createUser } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

const TOWN = { name: "Pembroke Park", email: "btr@pembrokepark.example", phone: "(954) 966-4600" };

async function expectSpanish(page: Page, title: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle(`${title} | Registro de Negocios de Florida`);
}

test.describe("las páginas de ayuda en español", () => {
  test("el centro de ayuda: títulos, tarifa, plazos y cómo comunicarse", async ({ page }) => {
    await page.goto("/help?lng=es");
    await expectSpanish(page, "Centro de ayuda");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: "Centro de ayuda" })).toBeVisible();
    for (const heading of [
      "Buscar un negocio",
      "Reclamar su negocio",
      "Cuánto cuesta el recibo de impuesto comercial",
      "Pagar con tarjeta",
      "Recibos",
      "La renovación y el año del BTR",
      "Comunicarse con el municipio",
    ]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(main).toContainText("código de verificación de 7 dígitos");
    await expect(main).toContainText("$100.00 más $5.00 por empleado más $10.00 por vehículo del negocio");
    await expect(main).toContainText("$100.00 + $15.00 + $20.00 = $135.00");
    await expect(main).toContainText("del 1 de octubre al 30 de septiembre");
    await expect(main).toContainText("recargo por pago tardío del 10 % en octubre más un 5 % por cada mes adicional, hasta un 25 %");
    await expect(main.getByRole("link", { name: TOWN.email })).toHaveAttribute("href", `mailto:${TOWN.email}`);
    await expect(main.getByRole("link", { name: "Cree una cuenta" })).toHaveAttribute("href", "/register");
    await main.getByRole("navigation", { name: "Temas de ayuda" }).getByRole("link", { name: "La renovación y el año del BTR" }).click();
    await expect(page).toHaveURL(/\/help\?lng=es#renewal$/);
  });

  test("las preguntas frecuentes se abren, y las páginas de ayuda se enlazan entre sí", async ({ page }) => {
    await page.goto("/faq?lng=es");
    await expectSpanish(page, "Preguntas frecuentes");
    await expect(page.getByRole("heading", { level: 2, name: "Reclamación" })).toBeVisible();
    const question = page.locator("details").filter({ hasText: "¿Dónde encuentro mi código de verificación?" });
    const answer = question.getByText(/Tiene 7 dígitos/);
    await expect(answer).toBeHidden();
    await question.locator("summary").click();
    await expect(answer).toBeVisible();
    await expect(question).toContainText(`En la carta que ${TOWN.name} envió a su negocio.`);
    await expect(question.getByRole("link", { name: TOWN.email })).toHaveAttribute("href", `mailto:${TOWN.email}`);
    await expect(question.getByRole("link", { name: TOWN.phone })).toHaveAttribute("href", "tel:+19549664600");
    const cost = page.locator("details").filter({ hasText: "¿Cuánto cuesta el recibo de impuesto comercial?" });
    await cost.locator("summary").click();
    await expect(cost).toContainText("$100.00 más $5.00 por empleado más $10.00 por vehículo del negocio");

    await page.getByRole("navigation", { name: "Páginas de ayuda" }).getByRole("link", { name: "Contactar con soporte" }).click();
    await expectSpanish(page, "Contactar con soporte");
    await expect(page.getByRole("heading", { level: 1, name: "Contactar con soporte" })).toBeVisible();
    await expect(page.locator("main")).toContainText(`La oficina del recibo de impuesto comercial de ${TOWN.name}, FL responde preguntas`);
    await expect(page.getByRole("heading", { level: 2, name: "Correo electrónico" })).toBeVisible();
    await expect(page.getByTestId("support-email")).toHaveAttribute("href", `mailto:${TOWN.email}`);
    await expect(page.getByTestId("support-phone")).toHaveText(TOWN.phone);
    await expect(page.getByRole("heading", { level: 2, name: "Qué incluir" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Solicitudes frecuentes" })).toBeVisible();

    // The help menu, in Spanish on the pages that bring the help texts (with or without JavaScript).
    const menu = page.getByTestId("help-menu");
    await page.getByLabel("Menú de ayuda").click();
    await expect(menu.getByRole("link", { name: "Ver el centro de ayuda" })).toHaveAttribute("href", "/help");
    await expect(menu.getByRole("link", { name: "Preguntas frecuentes" })).toHaveAttribute("href", "/faq");
    await expect(menu.getByRole("link", { name: "Contactar con soporte" })).toHaveAttribute("href", "/contact");
  });

  test("la referencia de la API: el texto en español, el código y el contrato como están", async ({ page }) => {
    await page.goto("/developers?lng=es");
    await expectSpanish(page, "Referencia de la API para desarrolladores");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: "Referencia de la API" })).toBeVisible();
    for (const heading of ["Autenticación", "Montos en centavos", "Paginación y límite del conteo", "Errores"]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(main).toContainText("Inicie sesión con POST /api/login.");
    await expect(main).toContainText(`curl -b cookies.txt ${new URL(page.url()).origin}/api/user`);
    await expect(main).toContainText('"message": "Please check your information and try again"');
    await expect(main.getByRole("link", { name: "documento OpenAPI 3.1" })).toHaveAttribute("href", "/api/openapi.json");
    const payments = main.locator("details", { has: page.getByRole("heading", { level: 3, name: /GET\s*\/api\/payments$/ }) });
    await payments.locator("summary").click();
    await expect(payments.getByText("Quién puede llamarlo:")).toBeVisible();
    await expect(payments.getByRole("heading", { level: 4, name: "Ejemplo de solicitud" })).toBeVisible();
    await expect(payments.getByRole("table", { name: "Respuestas" })).toContainText("401");
    await expect(payments.getByRole("columnheader", { name: "Ejemplo de cuerpo de error" })).toBeVisible();
  });

  test("el enlace para dejar de recibir recordatorios", async ({ page }) => {
    const owner = await createUser();
    await page.goto(`/unsubscribe/${unsubscribeToken(owner.id)}?lng=es`);
    await expectSpanish(page, "Dejar de recibir recordatorios");
    await expect(page.getByRole("heading", { level: 1, name: "Recordatorios de renovación" })).toBeVisible();
    await expect(page.getByText("¿Desea dejar de recibir recordatorios de renovación y avisos de morosidad para su cuenta?")).toBeVisible();
    await page.getByRole("button", { name: "Dejar de recibir recordatorios" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Listo:" })).toHaveText(
      "Listo: ya no recibirá recordatorios de renovación ni avisos de morosidad. Seguirá recibiendo los recibos. Puede volver a activar los recordatorios en su perfil."
    );

    await page.goto(`/unsubscribe/${owner.id}.${"x".repeat(32)}`);
    await expect(page.getByText("Este enlace para cancelar la suscripción no es válido. Puede desactivar los recordatorios en su perfil.")).toBeVisible();
  });
});

test.describe("la visita guiada en español @js-only", () => {
  test("los primeros pasos de la visita, y el aviso al omitirla", async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("tour-autostart", "force"));
    await page.goto("/?lng=es");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Bienvenido al Registro de Negocios de Florida" })).toBeVisible();
    await expect(dialog).toContainText("Paso 1 de 5");
    await expect(dialog).toHaveAccessibleName("Bienvenido al Registro de Negocios de Florida");
    await dialog.getByRole("button", { name: "Siguiente" }).click();
    await expect(dialog.getByRole("heading", { name: "Buscar un negocio" })).toBeVisible();
    await expect(dialog).toContainText("Paso 2 de 5");
    await dialog.getByRole("button", { name: "Atrás" }).click();
    await expect(dialog.getByRole("heading", { name: "Bienvenido al Registro de Negocios de Florida" })).toBeVisible();
    await dialog.getByRole("button", { name: "Omitir visita" }).click();
    await expect(dialog).toHaveCount(0);
    await expectToast(page, "Visita guiada omitida");
    await expectToast(page, "Puede reiniciar la visita guiada en cualquier momento desde el menú de ayuda.");
  });

  test("el menú de ayuda inicia la visita de la búsqueda, o avisa que la página no tiene", async ({ page }) => {
    await page.goto("/search?lng=es");
    // The help texts arrive after the page loads; the menu then reads in Spanish.
    await expect(page.getByLabel("Menú de ayuda")).toBeVisible();
    await page.getByLabel("Menú de ayuda").click();
    await page.getByRole("button", { name: "Iniciar visita guiada" }).click();
    await expectToast(page, "Visita guiada iniciada");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Filtre su búsqueda" })).toBeVisible();
    await dialog.getByRole("button", { name: "Siguiente" }).click();
    await expect(dialog.getByRole("heading", { name: "Sus resultados" })).toBeVisible();
    await dialog.getByRole("button", { name: "Finalizar" }).click();
    await expectToast(page, "Visita guiada completada");

    await page.goto("/faq");
    await page.getByLabel("Menú de ayuda").click();
    await page.getByRole("button", { name: "Iniciar visita guiada" }).click();
    const toast = page.getByTestId("toaster").getByRole("alert");
    await expect(toast).toContainText("Visita guiada no disponible");
    await expect(toast).toContainText("Esta página no tiene visita guiada.");
  });
});
