// Browser entry: hydrate the server's HTML with the same route table and the server's query data.
// First, before any module that loads zod: no eval probe for the CSP to refuse.
import "@yj/contract/zod-without-eval";
import { hydrate } from "@tanstack/react-query";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "./app/app-providers";
import { BOOT_STATE_ID, type BootState } from "./app/document";
import { createRoutes } from "./app/routes";
import { createApiClient, fetchTransport } from "./lib/api-client";
import { createStore } from "./lib/store";
import "./styles/global.css";

async function main() {
  // The keep-alive outlet restores scroll itself; the browser's own restore on back/forward would
  // run while the page is still short and fight it.
  window.history.scrollRestoration = "manual";
  const boot = JSON.parse(document.getElementById(BOOT_STATE_ID)?.textContent ?? "{}") as BootState;
  const queryClient = createQueryClient();
  hydrate(queryClient, boot.queries);
  const api = createApiClient(fetchTransport);
  const store = createStore({ ...boot.client, phoneNum: localStorage.getItem("phoneNum") });
  const routeContext = { queryClient, api };
  const routes = createRoutes(() => routeContext);

  // Lazy screens of the first page must be loaded before hydrating, or React would see a mismatch.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const lazy = m.route.lazy as () => Promise<Record<string, unknown>>;
      Object.assign(m.route, { ...(await lazy()), lazy: undefined });
    }),
  );

  const router = createBrowserRouter(routes);
  // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds
  // instead of hydrating the whole page in one long task (P6, Total Blocking Time on phones). The
  // page is already painted from the server's HTML; a click that lands first hydrates its part at once.
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root")!,
      <AppProviders queryClient={queryClient} api={api} store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
  // From here React keeps a click on a part not yet hydrated and replays it once that part is; before
  // it, the page's buttons are plain HTML (the entry loads after the first frame, docs/decisions/0087).
  // The browser tests wait for this mark before they act on a page they have just loaded.
  document.documentElement.dataset.app = "ready";
}

void main();
