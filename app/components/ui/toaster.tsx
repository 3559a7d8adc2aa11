import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { subscribeToToasts, type ClientToast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/lib/i18n-message";

/** Spec section 9: one toast at a time, shown 5,000 ms, swipe right past 50 px to dismiss. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
/** A dismissed toast is kept (closed, not rendered) this long before it is forgotten. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const SWIPE_THRESHOLD_PX = 50;

type Entry = ClientToast & { open: boolean };

/**
 * One toast at a time. Without JavaScript the server's toast is a plain status box; with it,
 * toasts dismiss themselves after 5 s (paused while hovered or focused), can be closed or swiped
 * right, and F8 moves focus to the notifications area.
 */
export function Toaster({ serverToast }: { serverToast: ClientToast | null }) {
  const hydrated = useHydrated();
  const { t: translate } = useTranslation();
  const [entries, setEntries] = useState<Entry[]>(() => (serverToast ? [{ ...serverToast, open: true }] : []));
  const seen = useRef(new Set<string>(serverToast ? [serverToast.id] : []));
  const removeTimers = useRef(new Map<string, number>());
  const regionRef = useRef<HTMLElement>(null);

  const add = useCallback((t: ClientToast) => {
    seen.current.add(t.id);
    setEntries((list) => [{ ...t, open: true }, ...list.filter((e) => e.id !== t.id)].slice(0, TOAST_LIMIT));
  }, []);

  const dismiss = useCallback((id: string) => {
    setEntries((list) => list.map((e) => (e.id === id ? { ...e, open: false } : e)));
    if (removeTimers.current.has(id)) return;
    const timer = window.setTimeout(() => {
      removeTimers.current.delete(id);
      setEntries((list) => list.filter((e) => e.id !== id));
    }, TOAST_REMOVE_DELAY_MS);
    removeTimers.current.set(id, timer);
  }, []);

  // A new server toast (after a navigation) replaces whatever is shown.
  useEffect(() => {
    if (serverToast && !seen.current.has(serverToast.id)) add(serverToast);
  }, [serverToast, add]);

  useEffect(() => subscribeToToasts(add), [add]);

  useEffect(() => {
    const timers = removeTimers.current;
    return () => {
      for (const timer of timers.values()) window.clearTimeout(timer);
      timers.clear();
    };
  }, []);

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

  const open = entries.filter((e) => e.open);

  return (
    <section
      ref={regionRef}
      aria-label={translate("notifications")}
      tabIndex={-1}
      className="pointer-events-none fixed bottom-4 right-4 z-[100] flex w-full max-w-sm flex-col gap-2 px-4 outline-none focus-visible:ring-2 focus-visible:ring-primary-600 sm:px-0"
      data-testid="toaster"
    >
      {open.map((entry) => (
        <ToastItem key={entry.id} entry={entry} interactive={hydrated} onDismiss={() => dismiss(entry.id)} />
      ))}
    </section>
  );
}

function ToastItem({ entry, interactive, onDismiss }: { entry: Entry; interactive: boolean; onDismiss: () => void }) {
  const message = useMessage();
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const swipe = useRef<{ pointerId: number; startX: number } | null>(null);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  // Auto-dismiss after 5 s; hovering or focusing the toast pauses (and then restarts) the clock.
  useEffect(() => {
    if (!interactive || paused) return;
    const timer = window.setTimeout(() => dismissRef.current(), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [interactive, paused]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest("button")) return;
    swipe.current = { pointerId: event.pointerId, startX: event.clientX };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (swipe.current?.pointerId !== event.pointerId) return;
    setOffset(Math.max(0, event.clientX - swipe.current.startX));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (swipe.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - swipe.current.startX;
    swipe.current = null;
    if (distance >= SWIPE_THRESHOLD_PX) onDismiss();
    else setOffset(0);
  };
  const onPointerCancel = () => {
    swipe.current = null;
    setOffset(0);
  };

  const swiping = offset > 0;
  return (
    <div
      role={entry.variant === "destructive" ? "alert" : "status"}
      data-variant={entry.variant ?? "default"}
      data-testid="toast"
      data-swipe={swiping ? "move" : undefined}
      onPointerDown={interactive ? onPointerDown : undefined}
      onPointerMove={interactive ? onPointerMove : undefined}
      onPointerUp={interactive ? onPointerUp : undefined}
      onPointerCancel={interactive ? onPointerCancel : undefined}
      onPointerEnter={interactive ? () => setPaused(true) : undefined}
      onPointerLeave={interactive ? () => setPaused(false) : undefined}
      onFocus={interactive ? () => setPaused(true) : undefined}
      onBlur={interactive ? () => setPaused(false) : undefined}
      style={
        swiping
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.4, 1 - offset / (SWIPE_THRESHOLD_PX * 4)) }
          : undefined
      }
      className={`pointer-events-auto touch-pan-y select-none rounded-lg border p-4 shadow-lg motion-safe:transition-transform ${
        entry.variant === "destructive"
          ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      }`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{message(entry.title, entry.values)}</p>
          {entry.description ? <p className="mt-1 text-sm">{message(entry.description, entry.values)}</p> : null}
        </div>
        {interactive ? (
          <button
            type="button"
            onClick={onDismiss}
            className="rounded p-1 text-sm opacity-70 hover:opacity-100"
            aria-label={t("dismissNotification")}
          >
            ✕
          </button>
        ) : null}
      </div>
    </div>
  );
}
