import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster, toast } from "../components/toast";
import type { ApiClient } from "../lib/api-client";
import { ApiContext } from "../lib/api-context";
import { type Store, StoreContext } from "../lib/store";

/** spec §7/§8: a failed call shows its message as an error toast (the client only; the server renders). */
export function createQueryClient(): QueryClient {
  const onError = (error: Error) => toast(error.message, "error");
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
