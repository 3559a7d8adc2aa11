import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { useLanguage } from "~/lib/hooks/use-format";
import { loadStripeJs } from "./stripe-client";

/**
 * Stripe.js for `publishableKey` and a card Element mounted in the element `mountRef` is put on;
 * the Element is destroyed with the component. `stripe` stays null until both are ready.
 * `onLoadFailed` runs if Stripe.js cannot be loaded. The Element speaks the page's language.
 */
export function useCardElement(publishableKey: string, onLoadFailed?: () => void) {
  const mountRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const failed = useRef(onLoadFailed);
  failed.current = onLoadFailed;
  const language = useLanguage();

  useEffect(() => {
    let cancelled = false;
    loadStripeJs(publishableKey)
      .then((loaded) => {
        if (cancelled || !loaded || !mountRef.current) return;
        const card = loaded.elements({ locale: language }).create("card", { hidePostalCode: true });
        card.mount(mountRef.current);
        cardRef.current = card;
        setStripe(loaded);
      })
      .catch(() => {
        if (!cancelled) failed.current?.();
      });
    return () => {
      cancelled = true;
      cardRef.current?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey, language]);

  return { mountRef, cardRef, stripe };
}
