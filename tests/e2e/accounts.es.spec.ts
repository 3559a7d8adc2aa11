/**
 * The account journey in Spanish (issue 42), with JavaScript on and off: registration (a field
 * error, then success), sign out, sign in (a wrong password, then success) and the profile,
 * every message in Spanish; the pages visited are scanned with axe (fixtures).
 */
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { createUser, TEST_PASSWORD, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { waitForHydration } from "./slow-scripts";

// Every test signs in from its own client address, so the lockout buckets of parallel tests never meet.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${crypto.randomInt(1, 255)}-${crypto.randomBytes(4).toString("hex")}` });
});

async function signIn(page: Page, username: string, password: string) {
  const form = page.locator("#login-form");
  await form.getByLabel("Nombre de usuario").fill(username);
  await form.getByLabel("Contraseña").fill(password);
  await form.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
}

test.describe("accounts in Spanish", () => {
  test("register (a field error first), sign out, sign in (a wrong password first), the profile", async ({ page }) => {
    const username = unique("Es_");
    await page.goto("/register?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle("Registrarse | Registro de Negocios de Florida");
    await expect(page.getByRole("heading", { name: "Crear una cuenta" })).toBeVisible();
    const form = page.locator("#register-form");
    await form.getByLabel("Nombre", { exact: true }).fill("Elena");
    await form.getByLabel("Apellido").fill("Prueba");
    await form.getByLabel("Correo electrónico").fill("no-es-un-correo");
    await form.getByLabel("Nombre de usuario").fill(username);
    await form.getByLabel("Contraseña", { exact: true }).fill("123");
    await form.getByLabel("Confirmar contraseña").fill("123");
    await form.getByLabel("Acepto los términos y condiciones").check();
    await form.getByRole("button", { name: "Registrarse" }).click();
    await expect(form.getByText("Ingrese un correo electrónico válido")).toBeVisible();
    await expect(form.getByText("La contraseña debe tener al menos 6 caracteres")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address")).toHaveCount(0);
    await expect(page).toHaveURL(/\/register/);

    await form.getByLabel("Correo electrónico").fill(`${username}@example.com`);
    await form.getByLabel("Contraseña", { exact: true }).fill("es-pass-1");
    await form.getByLabel("Confirmar contraseña").fill("es-pass-1");
    await form.getByLabel("Acepto los términos y condiciones").check();
    await form.getByRole("button", { name: "Registrarse" }).click();
    await expect(page).toHaveURL("/login");
    await expectToast(page, "Registro completado");
    await expect(page.getByTestId("toaster")).toContainText("Su cuenta ha sido creada. Inicie sesión.");

    await signIn(page, username.toLowerCase(), "wrong-password");
    await expect(page.getByRole("alert").filter({ hasText: "Nombre de usuario o contraseña incorrectos" }).first()).toBeVisible();
    await expect(page.getByText("Invalid username or password")).toHaveCount(0);

    await signIn(page, username.toLowerCase(), "es-pass-1");
    await expect(page).toHaveURL("/dashboard");
    await expectToast(page, "Sesión iniciada");
    await expect(page.getByTestId("toaster")).toContainText("¡Bienvenido de nuevo, Elena!");

    await page.getByTestId("header-account").getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL("/");
    await expectToast(page, "Sesión cerrada");

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
    await expectToast(page, "Debe iniciar sesión");
    await expect(page.getByTestId("toaster")).toContainText("Inicie sesión para ver su perfil");
    await signIn(page, username.toLowerCase(), "es-pass-1");
    await expect(page).toHaveURL("/profile");
    await expect(page).toHaveTitle("Mi perfil | Registro de Negocios de Florida");
    await expect(page.getByRole("heading", { name: "Mi perfil" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Información del perfil" })).toBeVisible();
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Elena");
    await expect(page.getByRole("button", { name: "Guardar preferencias de correo electrónico" })).toBeVisible();
  });

  test("the profile in Spanish: a field error, a saved change, and the language choice", async ({ page, loginAs, jsEnabled }) => {
    const user = await createUser({ firstName: "Rosa" });
    await loginAs(user);
    await page.goto("/profile?lng=es");
    // Clicked before React takes the form over, the browser's own check of the email box stops
    // the submit (a tooltip, no message in the page): the test is about the app's message.
    if (jsEnabled) await waitForHydration(page, "#profile-form input[name=email]");
    const form = page.locator("#profile-form");
    await form.getByLabel("Correo electrónico").fill("nada");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(form.getByText("Ingrese un correo electrónico válido")).toBeVisible();
    await form.getByLabel("Correo electrónico").fill(`${unique("rosa")}@example.com`);
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(page, "Perfil actualizado");

    await page.getByRole("link", { name: "Contraseña y seguridad" }).click();
    await expect(page.getByRole("heading", { name: "Contraseña y seguridad" })).toBeVisible();
    const password = page.locator("#password-form");
    await password.getByLabel("Contraseña actual").fill(TEST_PASSWORD);
    await password.getByLabel("Nueva contraseña", { exact: true }).fill("nueva-clave-1");
    await password.getByLabel("Confirmar nueva contraseña").fill("otra-clave-2");
    await password.getByRole("button", { name: "Actualizar contraseña" }).click();
    await expect(password.getByText("Las contraseñas no coinciden")).toBeVisible();

    // The language choice: English, saved on the account and in the cookie.
    await page.goto("/profile");
    await page.getByLabel("Idioma de las páginas y los correos electrónicos").selectOption("en");
    await page.getByRole("button", { name: "Guardar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectToast(page, "Language saved");
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  });
});
