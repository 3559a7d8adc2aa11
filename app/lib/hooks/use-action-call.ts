import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * The one way a JS-only step (a Stripe card flow) calls the server: a Remix fetcher submission
 * to a route action, never a raw `fetch` to the app's own URLs. The returned function posts the
 * fields and resolves with the action's data once the submission (and Remix's revalidation,
 * which brings the flashed toast with it) has finished. A redirect answer navigates, as a form
 * post would, and resolves with undefined.
 */
export function useActionCall<T>() {
  const fetcher = useFetcher<T>();
  const waiting = useRef<((value: T | undefined) => void) | null>(null);
  const { submit, state, data } = fetcher;

  useEffect(() => {
    if (state !== "idle" || !waiting.current) return;
    const resolve = waiting.current;
    waiting.current = null;
    resolve(data);
  }, [state, data]);

  return useCallback(
    (action: string, fields: Record<string, string>) =>
      new Promise<T | undefined>((resolve) => {
        waiting.current = resolve;
        void submit(fields, { method: "post", action });
      }),
    [submit],
  );
}
