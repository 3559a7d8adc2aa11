import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";

type Suggestion = { id: number; name: string; documentNumber: string; city: string | null };

const DEBOUNCE_MS = 300;

/**
 * A text input that, with JavaScript, suggests up to 5 businesses once the text is longer than
 * 1 character (debounced 300 ms): an ARIA 1.2 combobox (arrow keys, Enter, Escape, mouse).
 * Choosing a suggestion opens /business/{id}. Without JavaScript it is a plain input of its form.
 * Suggestions are loaded through a Remix fetcher from GET /api/businesses/search?suggest=1 (a new
 * load cancels the one before).
 */
export function SuggestInput({
  kind,
  name,
  label,
  labelClassName = "",
  onValueChange,
  className = "",
  ...inputProps
}: {
  kind: "name" | "doc";
  name: string;
  label: string;
  labelClassName?: string;
  onValueChange?: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "onChange">) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  /** Whether an answer is still wanted (false once the text is too short again). */
  const wanted = useRef(false);
  /** Escape closed the list: an answer still on its way must not open it again until the text changes. */
  const dismissed = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const fetcher = useFetcher<{ businesses: Suggestion[] }>();
  const { t } = useTranslation("search");

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (fetcher.state !== "idle" || !wanted.current || !fetcher.data) return;
    setItems(fetcher.data.businesses.slice(0, 5));
    setActive(-1);
    setOpen(!dismissed.current && document.activeElement === wrapper.current?.querySelector("input"));
  }, [fetcher.state, fetcher.data]);

  // A click anywhere outside closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function load(text: string) {
    clearTimeout(timer.current);
    dismissed.current = false;
    wanted.current = text.trim().length > 1;
    if (!wanted.current) {
      setItems([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    timer.current = setTimeout(() => {
      const params = new URLSearchParams({ [kind]: text.trim(), limit: "5", suggest: "1" });
      fetcher.load(`/api/businesses/search?${params}`);
    }, DEBOUNCE_MS);
  }

  function choose(item: Suggestion) {
    setOpen(false);
    navigate(`/business/${item.id}`);
  }

  const expanded = open && items.length > 0;

  return (
    <div ref={wrapper} className="relative">
      <label htmlFor={id} className={labelClassName || "mb-1 block text-sm font-medium"}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        name={name}
        type="text"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        className={
          className ||
          "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        }
        onChange={(event) => {
          onValueChange?.(event.target.value);
          load(event.target.value);
        }}
        onFocus={(event) => {
          dismissed.current = false;
          if (event.target.value.trim().length > 1) {
            if (items.length > 0) setOpen(true);
            else load(event.target.value);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && items.length > 0) {
            event.preventDefault();
            dismissed.current = false;
            setOpen(true);
            setActive((i) => (i + 1) % items.length);
          } else if (event.key === "ArrowUp" && items.length > 0) {
            event.preventDefault();
            dismissed.current = false;
            setOpen(true);
            setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
          } else if (event.key === "Enter" && expanded && active >= 0) {
            event.preventDefault();
            choose(items[active]);
          } else if (event.key === "Escape" && expanded) {
            event.preventDefault();
            dismissed.current = true;
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t("suggestions", { label })}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-left text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {items.map((item, i) => (
          <li
            key={item.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 ${i === active ? "bg-primary-100 dark:bg-slate-700" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(item)}
          >
            <span className="block font-medium">{kind === "doc" ? item.documentNumber : item.name}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-300">
              {kind === "doc" ? [item.city, item.name].filter(Boolean).join(" · ") : [item.documentNumber, item.city].filter(Boolean).join(" · ")}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
