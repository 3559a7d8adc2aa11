/**
 * Tooltips for every element with a `data-tooltip="hint"` attribute (optionally
 * `data-tooltip-side="right"`). Loaded on demand by <Tooltips /> the first time the pointer or
 * keyboard focus reaches such an element; the 700 ms open delay leaves ample time for that.
 */

/** Spec section 9: a tooltip opens after 700 ms; for 300 ms after one closes, the next opens at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const TOOLTIP_ID = "app-tooltip";
let lastClosedAt = Number.NEGATIVE_INFINITY;
let trigger: HTMLElement | null = null;
let bubble: HTMLElement | null = null;
let timer: number | undefined;
let installed = false;

function triggerOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>("[data-tooltip]") : null;
}

function describedBy(el: HTMLElement, add: boolean) {
  const ids = (el.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== TOOLTIP_ID);
  if (add) ids.push(TOOLTIP_ID);
  if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
  else el.removeAttribute("aria-describedby");
}

function show(el: HTMLElement) {
  if (!el.isConnected) return;
  bubble?.remove();
  const rect = el.getBoundingClientRect();
  const right = el.dataset.tooltipSide === "right";
  bubble = document.createElement("div");
  bubble.id = TOOLTIP_ID;
  bubble.setAttribute("role", "tooltip");
  bubble.textContent = el.dataset.tooltip ?? "";
  bubble.className =
    "pointer-events-none fixed z-[60] whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900";
  Object.assign(
    bubble.style,
    right
      ? { top: `${rect.top + rect.height / 2}px`, left: `${rect.right + 8}px`, transform: "translateY(-50%)" }
      : { top: `${rect.top - 8}px`, left: `${rect.left + rect.width / 2}px`, transform: "translate(-50%, -100%)" }
  );
  document.body.appendChild(bubble);
  describedBy(el, true);
}

function open(el: HTMLElement) {
  if (trigger === el) return;
  close();
  trigger = el;
  if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) show(el);
  else timer = window.setTimeout(() => show(el), TOOLTIP_DELAY_MS);
}

function close() {
  window.clearTimeout(timer);
  if (bubble) {
    bubble.remove();
    bubble = null;
    lastClosedAt = performance.now();
  }
  if (trigger) describedBy(trigger, false);
  trigger = null;
}

function onPointerOver(event: PointerEvent) {
  const el = triggerOf(event.target);
  if (el && event.pointerType !== "touch") open(el);
}

function onPointerOut(event: PointerEvent) {
  if (trigger && !trigger.contains(event.relatedTarget as Node | null)) close();
}

function onFocusIn(event: FocusEvent) {
  const el = triggerOf(event.target);
  if (el && el.matches(":focus-visible")) open(el);
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key === "Escape" && bubble) close();
}

/** Installs the listeners and handles the event that caused the module to load. */
export function installTooltips(first?: Event) {
  if (!installed) {
    installed = true;
    document.addEventListener("pointerover", onPointerOver, true);
    document.addEventListener("pointerout", onPointerOut, true);
    document.addEventListener("pointerdown", close, true);
    document.addEventListener("focusin", onFocusIn, true);
    document.addEventListener("focusout", close, true);
    document.addEventListener("keydown", onKeyDown, true);
  }
  if (first instanceof PointerEvent && first.type === "pointerover") onPointerOver(first);
  else if (first instanceof FocusEvent && first.type === "focusin") onFocusIn(first);
}
