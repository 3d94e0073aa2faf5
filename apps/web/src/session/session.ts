// The browser's side of a session (docs/product.md §4): the number in localStorage (phoneNum) and in the store,
// the customer's cached queries, and the readable csrf cookie. The token itself is an HttpOnly cookie
// that only the server sets and clears.
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { CSRF_COOKIE, ErrorCode, maskPhone, PHONE_STORAGE_KEY, routes, TOKEN_COOKIE } from "@yj/contract";
import { useSyncExternalStore } from "react";
import { type ApiClient, ApiError } from "../lib/api-client";
import { useApi } from "../lib/api-context";
import { cookieValue } from "../lib/cookies";
import { apiQuery } from "../lib/queries";
import { type Store, useAppState, useStore } from "../lib/store";

/** Query meta: failures are not toasted, and a 1201 clears the session without leaving the page. */
export const QUIET = { quiet: true } as const;

/** docs/product.md §6/§8: errorCode 1201 — no session, or an expired one (请重新登陆). */
export function isLoginRequired(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode === ErrorCode.LOGIN_REQUIRED;
}

/**
 * Whether a loader should fetch the customer's data. On the server: the request carries the `token`
 * cookie. In the browser the HttpOnly token is invisible, so the `csrf` cookie (set and cleared with
 * it) stands in. Either way it is only a hint: the API decides, and answers 1201 when it disagrees.
 */
export function hasSessionCookie(request: Request): boolean {
  if (typeof document !== "undefined") return cookieValue(document.cookie, CSRF_COOKIE) !== undefined;
  return cookieValue(request.headers.get("cookie"), TOKEN_COOKIE) !== undefined;
}

export function currentCustomerQuery(api: ApiClient) {
  return queryOptions({ ...apiQuery(api, routes.currentCustomer), meta: QUIET });
}

/** Queries that belong to one customer: dropped whenever the customer changes. */
const CUSTOMER_QUERY_PATHS: readonly string[] = [routes.currentCustomer.path, routes.favorites.path, routes.cart.path];

function dropCustomerQueries(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (q) => CUSTOMER_QUERY_PATHS.includes(String(q.queryKey[0])),
  });
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, policy): the store still knows the number
  }
}

export function rememberLogin(store: Store, queryClient: QueryClient, api: ApiClient, mobile: string) {
  storage()?.setItem(PHONE_STORAGE_KEY, mobile);
  dropCustomerQueries(queryClient);
  queryClient.setQueryData(currentCustomerQuery(api).queryKey, { mobile, maskedMobile: maskPhone(mobile) });
  store.setState({ loggedIn: true, phoneNum: mobile });
}

export function forgetLogin(store: Store, queryClient: QueryClient) {
  storage()?.removeItem(PHONE_STORAGE_KEY);
  // The server clears both cookies on logout; after a 1201 the csrf one would otherwise stay behind
  // and make loaders think there is still a session.
  if (typeof document !== "undefined") {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve.
    document.cookie = `${CSRF_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
  store.setState({ loggedIn: false, phoneNum: null, cartNum: 0 });
  dropCustomerQueries(queryClient);
}

export function useSessionActions() {
  const store = useStore();
  const queryClient = useQueryClient();
  const api = useApi();
  return {
    remember: (mobile: string) => rememberLogin(store, queryClient, api, mobile),
    forget: () => forgetLogin(store, queryClient),
  };
}

// A deliberate logout: screens that need a session then go home rather than to the login page.
const LOGOUT_GRACE_MS = 3000;
let loggedOutAt = Number.NEGATIVE_INFINITY;
export function markLoggedOut() {
  loggedOutAt = Date.now();
}
export function loggedOutJustNow(): boolean {
  return Date.now() - loggedOutAt < LOGOUT_GRACE_MS;
}

// errorCode 1201 from any query or mutation (app-providers reports it); the root layout listens.
type LoginRequiredListener = (options: { redirect: boolean }) => void;
const loginRequiredListeners = new Set<LoginRequiredListener>();

export function onLoginRequired(listener: LoginRequiredListener): () => void {
  loginRequiredListeners.add(listener);
  return () => {
    loginRequiredListeners.delete(listener);
  };
}

export function reportLoginRequired(options: { redirect: boolean }) {
  for (const l of loginRequiredListeners) l(options);
}

const noSubscribe = () => () => {};

/** False while hydrating the server's HTML, true afterwards (and in client-only renders). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/**
 * The masked number the header shows: from the current-customer query (prefetched by the server
 * render), else from the stored phoneNum once hydrated (the server does not know localStorage).
 */
export function useCustomerLabel(): string | null {
  const api = useApi();
  const loggedIn = useAppState((s) => s.loggedIn);
  const phoneNum = useAppState((s) => s.phoneNum);
  const hydrated = useHydrated();
  const { data } = useQuery({ ...currentCustomerQuery(api), enabled: loggedIn });
  if (!loggedIn) return null;
  if (data) return data.maskedMobile;
  return hydrated && phoneNum ? maskPhone(phoneNum) : null;
}

/** After the server's loaders ran: did the API refuse the request's token (1201)? */
export function sessionRefused(queryClient: QueryClient, api: ApiClient): boolean {
  return isLoginRequired(queryClient.getQueryState(currentCustomerQuery(api).queryKey)?.error);
}
