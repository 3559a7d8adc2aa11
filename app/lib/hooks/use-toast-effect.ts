import { useEffect } from "react";
import { toast, type ClientToast } from "~/lib/toast-store";

/**
 * Shows a toast an action answered with (a failed form post that re-renders the page instead
 * of redirecting). Each new action result is a new object, so each failure shows again.
 */
export function useToastEffect(t: Omit<ClientToast, "id"> | null | undefined) {
  useEffect(() => {
    if (t) toast(t);
  }, [t]);
}
