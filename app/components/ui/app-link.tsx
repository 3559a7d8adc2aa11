import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { useNavigate, type NavigateFunction } from "@remix-run/react";

/**
 * Links that cost little to render (decision 0014). Remix's <Link> resolves its `to` against the
 * route matches several times per link on every render (useHref in Remix's Link and again in
 * React Router's, plus the click handler's navigate): with the shell's dozen links, the search
 * page's cards and its pagination, that was a sixth of a page's server CPU. An <AppLink> is a
 * plain <a href> (so it works without JavaScript) whose click, with JavaScript, navigates on the
 * client like <Link> does, through one navigate function per page.
 *
 * Only for absolute paths of the app ("/search?name=x", already encoded): no relative paths,
 * state, prefetch or view transitions; use Remix's <Link> for those.
 */
const NavigateContext = createContext<NavigateFunction | null>(null);

/** Gives every <AppLink> below the page's navigate function (one useNavigate for the page). */
export function AppLinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <NavigateContext.Provider value={navigate}>{children}</NavigateContext.Provider>;
}

const NO_TO = { to: undefined };

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

export function AppLink(props: AppLinkProps) {
  const navigate = useContext(NavigateContext);
  const { to, onClick } = props;
  return (
    <a
      // The props copied whole with `to` left out as undefined (React renders no attribute for
      // it): a `{ to, ...rest }` pattern costs V8 a slow runtime call per link.
      {...props}
      {...NO_TO}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || !isPlainClick(event, props.target) || props.download !== undefined) return;
        event.preventDefault();
        // As <Link>: a link to the page being shown replaces it in the history instead of adding it.
        const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
        navigate(to, { replace: here === to });
      }}
    />
  );
}

/** A click <Link> would handle itself: not prevented, the main button, no modifier key, same tab. */
export function isPlainClick(event: Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">, target?: string) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
