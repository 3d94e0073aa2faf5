// Client state (docs/product.md §3 user state: city, session flag, cart count) in one small store.
import { createContext, useContext, useSyncExternalStore } from "react";
import { cookieValue } from "./cookies";

export interface ClientState {
  cityName: string;
  province: string;
  /** True once the visitor chose a city (or detection ran): no further automatic detection. */
  cityChosen: boolean;
  loggedIn: boolean;
  phoneNum: string | null;
  cartNum: number;
}

export interface Store {
  getState(): ClientState;
  setState(patch: Partial<ClientState>): void;
  subscribe(listener: () => void): () => void;
}

export function createStore(initial: ClientState): Store {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(patch) {
      state = { ...state, ...patch };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const StoreContext = createContext<Store | null>(null);

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (!store) throw new Error("StoreContext missing");
  return store;
}

export function useAppState<T>(select: (s: ClientState) => T): T {
  const store = useStore();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}

/** The city choice persists in a cookie so the server renders the visitor's city (docs/product.md §4). */
export const CITY_COOKIE = "yj_city";

export function parseCityCookie(cookieHeader: string | undefined): { cityName: string; province: string } | null {
  const raw = cookieValue(cookieHeader, CITY_COOKIE);
  if (!raw) return null;
  try {
    const [cityName, province] = decodeURIComponent(raw).split("|");
    return cityName && province && cityName.length <= 20 && province.length <= 20 ? { cityName, province } : null;
  } catch {
    return null;
  }
}

export function cityCookieValue(cityName: string, province: string): string {
  return `${CITY_COOKIE}=${encodeURIComponent(`${cityName}|${province}`)}; Path=/; Max-Age=${365 * 86400}; SameSite=Lax`;
}
