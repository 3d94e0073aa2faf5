// The storefront's link to a page of this site (docs/decisions/0067). A page draws about a hundred
// links (the header's category menu, the goods cards, the filters, the footer), every one to a path
// that is already absolute. React Router's <Link> resolves its `to` against the route matches on
// every render (a JSON.stringify of the matches, twice per link: for the href and for the click
// handler), subscribes to the location and sets up a prefetch state it has nothing to prefetch with:
// the largest part of a server render's React time (docs/decisions/0059). An absolute path resolves to
// itself, so this link writes it as the href and asks the router to navigate on a plain click, as
// <Link> does; anything else (a relative path, no data router) is handed to <Link>.
import { type AnchorHTMLAttributes, type MouseEvent, useContext } from "react";
import { Link, UNSAFE_DataRouterContext, UNSAFE_DataRouterNavigationContext, useLocation } from "react-router";

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path on this site ("/2-12?id=4"); relative paths go through React Router's <Link>. */
  to: string;
  /** Replace the history entry instead of pushing one (default: only when `to` is where we are). */
  replace?: boolean;
}

/** A path this link resolves itself: absolute, not protocol-relative ("//host"), not a backslash trick. */
function isSitePath(to: string): boolean {
  return to.charCodeAt(0) === 47 /* / */ && to.charCodeAt(1) !== 47 && to.charCodeAt(1) !== 92; /* \ */
}

/** What <Link> treats as a navigation for the router: a plain left click on a link opening here. */
function isRouterClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function AppLink({ to, replace, onClick, target, ...rest }: AppLinkProps) {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  if (!router || !isSitePath(to)) return <Link to={to} replace={replace} onClick={onClick} target={target} {...rest} />;
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isRouterClick(event, target)) return;
        event.preventDefault();
        // As <Link>: a link to the page already shown replaces its history entry rather than adding one.
        const here = router.state.location;
        void router.navigate(to, { replace: replace ?? here.pathname + here.search + here.hash === to });
      }}
    />
  );
}

export interface AppNavLinkProps extends Omit<AppLinkProps, "className"> {
  /** Only the exact path is current (NavLink's `end`); else its sub-paths count too. */
  end?: boolean;
  /** A class, or a class from the link's state, as NavLink takes it. */
  className?: string | ((state: { isActive: boolean; isPending: boolean }) => string);
}

/**
 * React Router's <NavLink> for a path of this site: `aria-current="page"` and the `active` class (or
 * the class the function gives) while the visitor is there, `pending` while the router is on its way
 * there; matched as NavLink matches, without case and on whole segments.
 */
export function AppNavLink({ to, end = false, className = "", ...rest }: AppNavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const next = useContext(UNSAFE_DataRouterNavigationContext)?.navigation.location?.pathname.toLowerCase();
  const query = to.search(/[?#]/);
  const path = (query < 0 ? to : to.slice(0, query)).toLowerCase();
  const slash = path !== "/" && path.endsWith("/") ? path.length - 1 : path.length;
  const matches = (at: string | undefined) =>
    at !== undefined && (at === path || (!end && at.startsWith(path) && at.charAt(slash) === "/"));
  const isActive = matches(here);
  const isPending = matches(next);
  return (
    <AppLink
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={
        typeof className === "function"
          ? className({ isActive, isPending })
          : [className, isActive ? "active" : null, isPending ? "pending" : null].filter(Boolean).join(" ")
      }
    />
  );
}
