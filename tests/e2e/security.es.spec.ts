/**
 * The account's sign-in security in Spanish (issue 42), with JavaScript on and off: the
 * security page, setting up the authenticator app (a short code's and a wrong code's Spanish
 * field errors, then the right one and the Spanish toast), the recovery codes shown once, the
 * turn-off form's Spanish field error; and the staff's /step-up page in Spanish. Every page
 * visited is scanned with axe by the fixtures.
 */
import crypto from "node:crypto";
import { createUser, unique } from "../support/factories";
import { enrolTotp, totpCode, wrongCode } from "../support/mfa";
import { expect, expectToast, test } from "./fixtures";
import { waitForHydration } from "./slow-scripts";

const BRAND = "Registro de Negocios de Florida";
const WRONG_CODE_ES = "Ese código no es correcto. Revise su aplicación de autenticación e inténtelo de nuevo";
const CODE_LABEL = "Ingrese el código de 6 dígitos que muestra su aplicación";

// Each test from its own client address: a wrong code counts in the sign-in lockout's per-address bucket.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${crypto.randomInt(1, 255)}-${crypto.randomBytes(4).toString("hex")}` });
});

test.describe("la seguridad del inicio de sesión en español", () => {
  test("configura la aplicación de autenticación y ve sus códigos de recuperación", async ({ page, loginAs }) => {
    const user = await createUser();
    await loginAs(user);

    await page.goto("/profile/security?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(`Seguridad del inicio de sesión | ${BRAND}`);
    await expect(page.getByRole("heading", { level: 1, name: "Seguridad del inicio de sesión" })).toBeVisible();
    await expect(page.getByText(`Sesión iniciada como ${user.username}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "← Volver a Mi perfil" })).toBeVisible();
    const section = page.getByRole("region", { name: "Aplicación de autenticación" });
    await expect(section).toContainText("Estado: Desactivada");
    await expect(page.getByRole("heading", { level: 2, name: "Llaves de acceso" })).toBeVisible();
    const sessions = page.getByRole("region", { name: "Dónde tiene la sesión iniciada" });
    await expect(sessions.getByText("Este dispositivo")).toBeVisible();
    await expect(sessions).toContainText("Solo tiene la sesión iniciada en este navegador.");

    await section.getByRole("button", { name: "Configurar una aplicación de autenticación" }).click();
    await expectToast(page, "Configuración de la aplicación de autenticación iniciada");
    await expect(section.getByRole("img", { name: /Código QR para agregar .* a una aplicación de autenticación/ })).toBeVisible();
    const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");

    // A short code: the schema's error, in Spanish (the browser's check with JavaScript, the server's without).
    await section.getByLabel(CODE_LABEL).fill("12345");
    await section.getByRole("button", { name: "Activar" }).click();
    await expect(section.getByLabel(CODE_LABEL)).toHaveAttribute("aria-invalid", "true");
    await expect(section.getByText(CODE_LABEL).last()).toBeVisible();
    // A wrong code: the model's refusal, in Spanish.
    await section.getByLabel(CODE_LABEL).fill(wrongCode(secret));
    await section.getByRole("button", { name: "Activar" }).click();
    await expect(section.getByText(WRONG_CODE_ES)).toBeVisible();

    await section.getByLabel(CODE_LABEL).fill(totpCode(secret));
    await section.getByRole("button", { name: "Activar" }).click();
    await expectToast(page, "Aplicación de autenticación activada");
    await expect(page.getByTestId("toaster")).toContainText("Guarde ahora sus códigos de recuperación: solo se muestran una vez.");
    await expect(section).toContainText("Estado: Activada");
    await expect(page.getByRole("heading", { level: 3, name: "Guarde sus códigos de recuperación" })).toBeVisible();
    await expect(page.getByText("Esta es la única vez que se muestran.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Códigos de recuperación" }).getByRole("listitem")).toHaveCount(10);
    const download = section.getByRole("link", { name: "Descargar como texto" });
    await expect(download).toHaveAttribute("download", /codigos-de-recuperacion\.txt$/);
    expect(decodeURIComponent((await download.getAttribute("href")) ?? "")).toContain("Guarde este archivo en un lugar seguro.");

    // Shown once: a new visit counts them.
    await page.goto("/profile/security");
    await expect(section).toContainText("Códigos de recuperación restantes: 10 de 10");
    await expect(page.getByTestId("recovery-codes")).toHaveCount(0);

    // Turning it off without the password: the field error in Spanish.
    const turnOff = page.locator("#totp-disable-form");
    await expect(turnOff.getByRole("heading", { level: 3, name: "Desactivar la aplicación de autenticación" })).toBeVisible();
    await turnOff.getByLabel("Código de autenticación").fill("123456");
    await turnOff.getByRole("button", { name: "Desactivar" }).click();
    await expect(turnOff.getByText("La contraseña es obligatoria")).toBeVisible();
    await expect(section).toContainText("Estado: Activada");
  });

  test("el personal confirma su identidad en /step-up", async ({ page, loginAs, jsEnabled }) => {
    const clerk = await createUser({ role: "clerk", username: unique("clerk_") });
    const { secret } = enrolTotp(clerk.id);
    await loginAs(clerk);

    await page.goto("/step-up?redirectTo=%2Fadmin%2Ffilings&lng=es");
    // Both codes go through the hydrated form: a submit while React took the page over raced it
    // (a flaky run kept the wrong code's message after the right one was sent).
    if (jsEnabled) await waitForHydration(page, 'input[name="stepUpCode"]');
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(`Confirme que es usted | ${BRAND}`);
    await expect(page.getByRole("heading", { level: 1, name: "Confirme que es usted" })).toBeVisible();
    await expect(page.getByText("Esta parte del servicio necesita su segundo factor.")).toBeVisible();
    await page.getByLabel("Código de autenticación").fill(wrongCode(secret));
    await page.getByRole("button", { name: "Verificar y continuar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: WRONG_CODE_ES })).toBeVisible();
    await page.getByLabel("Código de autenticación").fill(totpCode(secret));
    await page.getByRole("button", { name: "Verificar y continuar" }).click();
    await expect(page).toHaveURL(/\/admin\/filings$/);
    await expectToast(page, "Identidad confirmada");
  });
});
