/**
 * Translations below the routes (issue 42): mail, PDFs and the models that build them take a
 * fixed t() in one language from here. `~/utils/i18n.server` is the routes' side (negotiation,
 * the session's saved language), which app/mail, app/models and app/services may not import
 * (eslint's zones; it would also loop back through the session to the models). This module
 * reads only the resources, so it holds them in its own i18next instance, with the same options
 * and the same missing-key log line.
 */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, I18N_OPTIONS, isLanguage, NAMESPACES, type Language, type Namespace } from "~/lib/languages";
import { RESOURCES } from "~/locales/resources.server";

let instance: I18n | undefined;
function translations(): I18n {
  if (!instance) {
    instance = createInstance();
    // Synchronous: the resources are in memory (initImmediate false).
    void instance.init({
      ...I18N_OPTIONS,
      lng: DEFAULT_LANGUAGE,
      ns: [...NAMESPACES],
      resources: RESOURCES,
      initImmediate: false,
      // A key no language has: logged as utils/i18n.server logs it (the e2e teardown fails on it).
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) => {
        const logger = globalThis.__appLogger ?? console;
        logger.warn({ i18nMissingKey: `${namespace}:${key}`, languages }, "i18n missing key");
      },
    });
  }
  return instance;
}

/** A t() for one language and namespace (a message, a PDF). */
export function fixedT(language: Language, ns: Namespace | Namespace[] = "common"): TFunction {
  return translations().getFixedT(language, ns);
}

/** The user's saved language (users.language) for what is sent to them: English unless they chose another. */
export function mailLanguage(user: { language?: string | null } | null | undefined): Language {
  return isLanguage(user?.language) ? user.language : DEFAULT_LANGUAGE;
}
