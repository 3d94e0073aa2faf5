// Query options per endpoint: one key scheme, used by route loaders (prefetch) and screens alike.

import { queryOptions } from "@tanstack/react-query";
import type { DataOf, EndpointOf, QueryOf, Route } from "@yj/contract";
import type { ApiClient } from "./api-client";

export function apiQuery<R extends Route>(api: ApiClient, route: R, query?: QueryOf<EndpointOf<R>>) {
  return queryOptions<DataOf<EndpointOf<R>>>({
    queryKey: [route.path, query ?? {}],
    queryFn: () => api.get(route, query),
  });
}
