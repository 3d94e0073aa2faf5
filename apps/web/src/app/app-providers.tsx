import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster, toast } from "../components/toast";
import type { ApiClient } from "../lib/api-client";
import { ApiContext } from "../lib/api-context";
import { type Store, StoreContext } from "../lib/store";
import { isLoginRequired, reportLoginRequired } from "../session/session";

/**
 * docs/product.md §7/§8: a failed call shows its message as an error toast (the client only; the server renders).
 * errorCode 1201 (docs/product.md §6) also ends the session in this tab and leads to login (see
 * session/require-login.ts). Calls with meta `{ quiet: true }` show no toast and stay on the page.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: Error, meta: Record<string, unknown> | undefined) => {
    const quiet = meta?.quiet === true;
    if (isLoginRequired(error)) reportLoginRequired({ redirect: !quiet });
    if (!quiet) toast(error.message, "error");
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _result, mutation) => onError(error, mutation.meta) }),
    defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
  });
}

export function AppProviders(props: { queryClient: QueryClient; api: ApiClient; store: Store; children: ReactNode }) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <ApiContext.Provider value={props.api}>
        <StoreContext.Provider value={props.store}>
          {props.children}
          <Toaster />
        </StoreContext.Provider>
      </ApiContext.Provider>
    </QueryClientProvider>
  );
}
