/**
 * Every translation, for the server (pages' first render, mail, PDFs). The browser gets what a
 * page uses inline in the page, then the rest of its language from /resources/locales/<lng>.
 * A new namespace: a JSON file in each language folder, a line in each map below, and its name
 * in NAMESPACES (~/lib/languages).
 */
import type { Language, Namespace } from "~/lib/languages";
import enCommon from "./en/common.json";
import esCommon from "./es/common.json";
import enValidation from "./en/validation.json";
import esValidation from "./es/validation.json";
import enHome from "./en/home.json";
import esHome from "./es/home.json";
import enSearch from "./en/search.json";
import esSearch from "./es/search.json";
import enBusiness from "./en/business.json";
import esBusiness from "./es/business.json";
import enAuth from "./en/auth.json";
import esAuth from "./es/auth.json";
import enAccount from "./en/account.json";
import esAccount from "./es/account.json";
import enClaim from "./en/claim.json";
import esClaim from "./es/claim.json";
import enPayment from "./en/payment.json";
import esPayment from "./es/payment.json";
import enDashboard from "./en/dashboard.json";
import esDashboard from "./es/dashboard.json";
import enHelp from "./en/help.json";
import esHelp from "./es/help.json";
import enFilings from "./en/filings.json";
import esFilings from "./es/filings.json";
import enAdmin from "./en/admin.json";
import esAdmin from "./es/admin.json";
import enMail from "./en/mail.json";
import esMail from "./es/mail.json";
import enDocuments from "./en/documents.json";
import esDocuments from "./es/documents.json";

export type Resources = Record<Language, Record<Namespace, Record<string, unknown>>>;

export const RESOURCES: Resources = {
  en: { common: enCommon, validation: enValidation, home: enHome, search: enSearch, business: enBusiness, auth: enAuth, account: enAccount, claim: enClaim, payment: enPayment, dashboard: enDashboard, help: enHelp, filings: enFilings, admin: enAdmin, mail: enMail, documents: enDocuments },
  es: { common: esCommon, validation: esValidation, home: esHome, search: esSearch, business: esBusiness, auth: esAuth, account: esAccount, claim: esClaim, payment: esPayment, dashboard: esDashboard, help: esHelp, filings: esFilings, admin: esAdmin, mail: esMail, documents: esDocuments },
};

/**
 * What the locale routes answer the browser's i18next: `texts` as JSON, cached an hour (a
 * deployment's new texts reach open tabs soon enough), or the API's 404 when there are none.
 */
export function textsResponse(texts: unknown): Response {
  if (texts === undefined) return Response.json({ error: { message: "Not found" } }, { status: 404 });
  return Response.json(texts, { headers: { "Cache-Control": "public, max-age=3600" } });
}
