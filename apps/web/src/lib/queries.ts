// Query options per endpoint: one key scheme, used by route loaders (prefetch) and screens alike.

import { queryOptions } from "@tanstack/react-query";
import type { DataOf, EndpointDef, QueryOf } from "@yj/contract";
import type { ApiClient } from "./api-client";

export function apiQuery<E extends EndpointDef>(api: ApiClient, endpoint: E, query?: QueryOf<E>) {
  return queryOptions<DataOf<E>>({
    queryKey: [endpoint.path, query ?? {}],
    queryFn: () => api.get(endpoint, query),
  });
}
