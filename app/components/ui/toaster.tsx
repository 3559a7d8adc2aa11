import { useEffect, useRef, useState } from "react";
import { subscribeToToasts, type ClientToast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/hooks/use-hydrated";

export const TOAST_DURATION_MS = 5_000;

/**
 * One toast at a time. Without JavaScript the server's toast is a plain status box;
 * with it, toasts dismiss themselves after 5 s and can be closed.
 */
export function Toaster({ serverToast }: { serverToast: ClientToast | null }) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState<ClientToast | null>(serverToast);
  const regionRef = useRef<HTMLElement>(null);

  // A new server toast (after a navigation) replaces whatever is shown.
  useEffect(() => {
    if (serverToast) setCurrent(serverToast);
  }, [serverToast]);

  useEffect(() => subscribeToToasts(setCurrent), []);

  useEffect(() => {
    if (!hydrated || !current) return;
    const timer = window.setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, hydrated]);

  // F8 moves focus to the notifications area.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      className="pointer-events-none fixed bottom-4 right-4 z-[100] flex w-full max-w-sm flex-col gap-2 px-4 outline-none sm:px-0"
      data-testid="toaster"
    >
      {current ? (
        <div
          key={current.id}
          role={current.variant === "destructive" ? "alert" : "status"}
          data-variant={current.variant ?? "default"}
          className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${
            current.variant === "destructive"
              ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
              : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          }`}
        >
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <p className="font-semibold">{current.title}</p>
              {current.description ? <p className="mt-1 text-sm">{current.description}</p> : null}
            </div>
            {hydrated ? (
              <button
                type="button"
                onClick={() => setCurrent(null)}
                className="rounded p-1 text-sm opacity-70 hover:opacity-100"
                aria-label="Dismiss notification"
              >
                ✕
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
