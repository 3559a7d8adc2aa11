import { createContext, useContext } from "react";

/** The per-response CSP nonce. Browsers hide nonce attributes from scripts, so the client sees "". */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
