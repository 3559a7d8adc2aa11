import type { BackendModule, ReadCallback } from "i18next";

/**
 * The browser's i18next backend: a namespace the page did not bring inline (a page reached by
 * a client-side navigation) comes from /resources/locales/<lng>/<ns>, cached by the browser.
 */
export const localesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/resources/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}`, { credentials: "omit" })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
      .then((data) => callback(null, data), (error: Error) => callback(error, false));
  },
};
