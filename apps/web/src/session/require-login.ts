// docs/product.md §6: favourites and cart need login. Screens and actions that need a session send a visitor to
// /login?redirect=<where they were>; an API answer of errorCode 1201 does the same from anywhere.
import { useEffect, useRef } from "react";
import { redirect, useLocation, useNavigate } from "react-router";
import type { RouteContext } from "../lib/route-context";
import { useAppState, useStore } from "../lib/store";
import { LOGIN_PATH, loginPath } from "./redirect";
import {
  currentCustomerQuery,
  hasSessionCookie,
  loggedOutJustNow,
  onLoginRequired,
  sessionRefused,
  useSessionActions,
} from "./session";

/** For actions (收藏, 加入购物车): runs `then` for a logged-in customer, else goes to login and back. */
export function useLoginGate(): (then: () => void) => void {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  return (then) => {
    if (store.getState().loggedIn) then();
    else navigate(loginPath(location.pathname + location.search));
  };
}

/**
 * For screens that need a session: a visitor is sent to login (replacing this entry, so Back does not
 * return to a page that would send them away again); right after a deliberate logout, home instead.
 * Returns whether the screen may show the customer's data.
 */
export function useRequireLogin(): boolean {
  const loggedIn = useAppState((s) => s.loggedIn);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (loggedIn) return;
    navigate(loggedOutJustNow() ? "/" : loginPath(pathname + search), { replace: true });
  }, [loggedIn, navigate, pathname, search]);
  return loggedIn;
}

/**
 * The server render's half of useRequireLogin, run before a login-only screen's loader: a visitor
 * without a session (no token cookie, or one the API refuses) gets a 302 to /login?redirect=<path>,
 * not a 200 page that sends them there once its script runs (a crawler indexed that empty page;
 * robots.txt keeps it off /login). In the browser the screen's hook decides, as before.
 */
export async function sendVisitorToLogin(request: Request, { queryClient, api }: RouteContext): Promise<void> {
  if (typeof document !== "undefined") return;
  if (hasSessionCookie(request)) {
    // The root loader asks the same question: this waits for its answer rather than asking again
    // (a refused answer is an error, which a prefetch would not keep but ask again for).
    const query = currentCustomerQuery(api);
    if (queryClient.getQueryState(query.queryKey)?.status !== "error") await queryClient.prefetchQuery(query);
    if (!sessionRefused(queryClient, api)) return;
  }
  const { pathname, search } = new URL(request.url);
  throw redirect(loginPath(pathname + search), 302);
}

/**
 * Mounted once, in the root layout: when any query or mutation answers 1201 (请重新登陆; the toast is
 * shown by the query client), the session is forgotten and, unless the call was a quiet background
 * one, the visitor goes to login and comes back here afterwards.
 */
export function useLoginRequiredHandler() {
  const { forget } = useSessionActions();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  const forgetRef = useRef(forget);
  forgetRef.current = forget;
  useEffect(
    () =>
      onLoginRequired(({ redirect }) => {
        forgetRef.current();
        const { pathname, search } = here.current;
        if (redirect && pathname !== LOGIN_PATH) navigate(loginPath(pathname + search));
      }),
    [navigate],
  );
}
