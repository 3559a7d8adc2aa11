import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { localesBackend } from "~/lib/i18n-client-backend";
import { DEFAULT_LANGUAGE, I18N_OPTIONS, PAGE_NAMESPACES } from "~/lib/languages";

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
  // The page brought its own namespaces; the rest of its language comes in one request (cached
  // by the browser), so that a client-side navigation to another page has its texts at once.
  const missing = PAGE_NAMESPACES.filter((ns) => !(ns in boot.resources));
  if (missing.length) {
    fetch(`/resources/locales/${encodeURIComponent(boot.lng)}`, { credentials: "omit" })
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, Record<string, unknown>>>) : null))
      .then((all) => {
        for (const ns of missing) if (all?.[ns] && !i18next.hasResourceBundle(boot.lng, ns)) i18next.addResourceBundle(boot.lng, ns, all[ns]);
      })
      // Offline or failed: a page that needs a namespace still asks for it alone (localesBackend).
      .catch(() => {});
  }
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
