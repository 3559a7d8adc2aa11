import { useEffect } from "react";

/**
 * Enables the tooltips of elements carrying `data-tooltip="hint"` (and `data-tooltip-side="right"`
 * to show it beside rather than above). Mounted once by the shell; the tooltip code itself
 * (tooltip-manager.ts: 700 ms open delay, 300 ms skip delay, positioning, aria-describedby)
 * loads only when the pointer or keyboard focus first reaches such an element. Hints are
 * extras for elements that already have an accessible name; without JavaScript there are none.
 */
export function Tooltips() {
  useEffect(() => {
    const onFirst = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest("[data-tooltip]")) return;
      remove();
      import("./tooltip-manager").then(
        (m) => m.installTooltips(event),
        (error) => console.error("Tooltips could not be loaded", error)
      );
    };
    const remove = () => {
      document.removeEventListener("pointerover", onFirst, true);
      document.removeEventListener("focusin", onFirst, true);
    };
    document.addEventListener("pointerover", onFirst, true);
    document.addEventListener("focusin", onFirst, true);
    return remove;
  }, []);
  return null;
}
