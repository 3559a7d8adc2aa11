/**
 * Translations below the routes (issue 42): mail, PDFs and the models that build them take a
 * fixed t() in one language from here. `~/utils/i18n.server` is the routes' side (negotiation,
 * the session's saved language), which app/mail, app/models and app/services may not import
 * (eslint's zones; it would also loop back through the session to the models). This module
 * reads only the resources and holds the one i18next instance the server has; a page's first
 * render clones it (~/utils/i18n.server).
 */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, I18N_OPTIONS, isLanguage, NAMESPACES, type Language, type Namespace } from "~/lib/languages";
import { RESOURCES } from "~/locales/resources.server";

export const MISSING_KEY_MESSAGE = "i18n missing key";

let instance: I18n | undefined;
/** The server's i18next, holding every resource. */
export function translations(): I18n {
  if (!instance) {
    instance = createInstance();
    // Synchronous: the resources are in memory (initImmediate false).
    void instance.init({
      ...I18N_OPTIONS,
      lng: DEFAULT_LANGUAGE,
      ns: [...NAMESPACES],
      resources: RESOURCES,
      initImmediate: false,
      // A key no language has is a page or a mail showing a key: logged, and the e2e suite's
      // teardown fails on it (tests/support/e2e-log-check.ts).
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) => {
        const logger = globalThis.__appLogger ?? console;
        logger.warn({ i18nMissingKey: `${namespace}:${key}`, languages }, MISSING_KEY_MESSAGE);
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
