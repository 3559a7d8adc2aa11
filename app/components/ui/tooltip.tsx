import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";

/** Spec section 9: a tooltip opens after 700 ms; for 300 ms after one closes, the next opens at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Shared by every tooltip on the page, like a provider: when the last one closed. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

type Side = "top" | "right";
type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

/**
 * A small hint for an element that already has an accessible name: shown on hover and keyboard
 * focus, hidden on leave, blur, press or Escape, and linked with aria-describedby while open.
 * It adds nothing to the server HTML, so without JavaScript the trigger simply has no hint.
 */
export function Tooltip({
  content,
  side = "top",
  children,
}: {
  content: string;
  side?: Side;
  children: ReactElement<TriggerProps>;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const openRef = useRef(false);
  const timerRef = useRef<number | undefined>(undefined);

  const close = useCallback(() => {
    window.clearTimeout(timerRef.current);
    if (openRef.current) lastClosedAt = performance.now();
    openRef.current = false;
    setAnchor(null);
  }, []);

  const scheduleOpen = useCallback((element: HTMLElement) => {
    window.clearTimeout(timerRef.current);
    const open = () => {
      if (!element.isConnected) return;
      openRef.current = true;
      setAnchor(element.getBoundingClientRect());
    };
    if (performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) open();
    else timerRef.current = window.setTimeout(open, TOOLTIP_DELAY_MS);
  }, []);

  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  const props = children.props;
  const trigger = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      props.onPointerEnter?.(event);
      if (event.pointerType !== "touch") scheduleOpen(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      props.onPointerLeave?.(event);
      close();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      props.onPointerDown?.(event);
      close();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      props.onFocus?.(event);
      if (event.currentTarget.matches(":focus-visible")) scheduleOpen(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      props.onBlur?.(event);
      close();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      props.onKeyDown?.(event);
      if (event.key === "Escape" && openRef.current) close();
    },
    "aria-describedby": anchor ? [props["aria-describedby"], id].filter(Boolean).join(" ") : props["aria-describedby"],
  });

  const style =
    side === "right"
      ? {
          top: anchor ? anchor.top + anchor.height / 2 : 0,
          left: anchor ? anchor.right + 8 : 0,
          transform: "translateY(-50%)",
        }
      : {
          top: anchor ? anchor.top - 8 : 0,
          left: anchor ? anchor.left + anchor.width / 2 : 0,
          transform: "translate(-50%, -100%)",
        };

  return (
    <>
      {trigger}
      {anchor
        ? createPortal(
            <div
              id={id}
              role="tooltip"
              data-side={side}
              className="pointer-events-none fixed z-[60] max-w-xs whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
              style={style}
            >
              {content}
            </div>,
            document.body
          )
        : null}
    </>
  );
}
