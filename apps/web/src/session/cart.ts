// The customer's cart (docs/product.md §3, ADR 0023): one query of the whole cart, and every change answers the
// whole cart again, so the cart screen and the header's count (cartNum) follow each change at once.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CartData, type CartLine, routes } from "@yj/contract";
import { useEffect } from "react";
import type { ApiClient } from "../lib/api-client";
import { useApi } from "../lib/api-context";
import { apiQuery } from "../lib/queries";
import { useAppState, useStore } from "../lib/store";
import { QUIET } from "./session";

/** Quiet: a stale session on a background read must not send the visitor away (the gate does that). */
export function cartQuery(api: ApiClient) {
  return queryOptions({ ...apiQuery(api, routes.cart), meta: QUIET });
}

/** Every line of the cart, single goods first, then the packages' lines. */
export function allLines(cart: CartData): CartLine[] {
  return [...cart.singleDada, ...cart.mealData.flatMap((g) => g.lines)];
}

/** The lines checkout takes: selected and still for sale. */
export function checkoutLines(cart: CartData): CartLine[] {
  return allLines(cart).filter((l) => l.selected && l.available);
}

/**
 * A change to the cart: `call` makes one cart request; its answer (the whole cart) replaces the cached
 * cart and the count. Failures are toasted by the query client with the server's message.
 */
export function useCartChange() {
  const api = useApi();
  const store = useStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: (api: ApiClient) => Promise<CartData>) => call(api),
    onSuccess: (cart) => {
      queryClient.setQueryData(cartQuery(api).queryKey, cart);
      store.setState({ cartNum: cart.cartNum });
    },
  });
}

/**
 * Mounted once (root layout): keeps cartNum equal to the cart the server last answered for a logged-in
 * customer, fetching it after login; 0 once logged out. The server render already put the count in.
 */
export function useCartCountSync() {
  const api = useApi();
  const store = useStore();
  const loggedIn = useAppState((s) => s.loggedIn);
  const { data } = useQuery({ ...cartQuery(api), enabled: loggedIn });
  const cartNum = loggedIn ? data?.cartNum : 0;
  useEffect(() => {
    if (cartNum !== undefined && store.getState().cartNum !== cartNum) store.setState({ cartNum });
  }, [cartNum, store]);
}
