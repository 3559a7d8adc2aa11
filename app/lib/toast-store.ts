/** Client-side toasts (from JS-only interactions); server toasts arrive through the root loader. */
export type ClientToast = {
  id: string;
  title: string;
  description?: string;
  /** Values for a title or description that is a message key (~/lib/i18n-message). */
  values?: Record<string, string | number>;
  variant?: "default" | "destructive";
};

type Listener = (toast: ClientToast) => void;
const listeners = new Set<Listener>();
let counter = 0;

export function toast(t: Omit<ClientToast, "id">) {
  const shown = { ...t, id: `client-${++counter}` };
  for (const listener of listeners) listener(shown);
}

export function subscribeToToasts(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
