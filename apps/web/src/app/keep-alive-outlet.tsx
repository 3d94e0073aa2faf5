// docs/product.md §2: category pages, /search and /packageDetails/:id stay alive when left. Their elements are
// kept under <Activity mode="hidden"> (state kept, effects paused) and their scroll is restored on
// return; every other navigation scrolls to the top.
import { Activity, type ReactNode, useLayoutEffect, useRef } from "react";
import { type Location, useLocation, useMatches, useOutlet } from "react-router";
import type { RouteHandle } from "../lib/route-context";
import { ScreenLocationContext } from "../lib/screen-location";

const MAX_KEPT = 8;

interface Kept {
  element: ReactNode;
  location: Location;
  scrollY: number;
}

export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const matches = useMatches();
  const keepAlive = matches.some((m) => (m.handle as RouteHandle | undefined)?.keepAlive);
  const key = location.pathname + location.search;
  const kept = useRef(new Map<string, Kept>()).current;
  const previousKey = useRef<string | null>(null);

  if (keepAlive) {
    const entry = kept.get(key);
    if (entry) {
      kept.delete(key); // re-insert: most recently used last
      kept.set(key, { ...entry, location });
    } else {
      kept.set(key, { element: outlet, location, scrollY: 0 });
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
    }
  }

  useLayoutEffect(() => {
    const prev = previousKey.current;
    if (prev === key) return;
    previousKey.current = key;
    const back = keepAlive ? kept.get(key) : undefined;
    // The first screen is the one the server sent: a visitor may have scrolled it before the app
    // hydrated, and is not thrown back to its top. Each later screen opens at its top, or where the
    // visitor left it.
    if (prev === null) {
      if (back) back.scrollY = window.scrollY;
    } else window.scrollTo(0, back?.scrollY ?? 0);
    if (!back) return;
    // Remember where the visitor is while here; read on return. (Reading at leave time would see the
    // next screen's layout already committed.)
    const onScroll = () => {
      back.scrollY = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [key, keepAlive, kept]);

  return (
    <>
      {[...kept].map(([k, entry]) => (
        <Activity key={k} mode={keepAlive && k === key ? "visible" : "hidden"}>
          <ScreenLocationContext.Provider value={entry.location}>{entry.element}</ScreenLocationContext.Provider>
        </Activity>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
