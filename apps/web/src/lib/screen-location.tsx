// The location a screen was rendered for. Kept-alive screens (docs/product.md §2) stay mounted while
// hidden; they must read their own URL, not follow the current one. The keep-alive outlet provides it.
import { createContext, useContext } from "react";
import { type Location, useLocation } from "react-router";

export const ScreenLocationContext = createContext<Location | null>(null);

export function useScreenLocation(): Location {
  const own = useContext(ScreenLocationContext);
  const current = useLocation();
  return own ?? current;
}

export function useScreenSearchParams(): URLSearchParams {
  return new URLSearchParams(useScreenLocation().search);
}
