import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { localesBackend } from "~/lib/i18n-client-backend";
import { DEFAULT_LANGUAGE, I18N_OPTIONS } from "~/lib/languages";

async function hydrate() {
  // What the server rendered the page with (app/components/i18n-boot.tsx).
  const boot = window.__i18n ?? { lng: document.documentElement.lang || DEFAULT_LANGUAGE, resources: {} };
  await i18next
    .use(initReactI18next)
    .use(localesBackend)
    .init({
      ...I18N_OPTIONS,
      lng: boot.lng,
      ns: Object.keys(boot.resources),
      resources: { [boot.lng]: boot.resources as Record<string, Record<string, unknown>> },
      partialBundledLanguages: true,
      // Only the page's language is fetched; every key exists in every language (tests/integration/i18n-resources.test.ts).
      fallbackLng: false,
      load: "currentOnly",
      react: { useSuspense: false },
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
