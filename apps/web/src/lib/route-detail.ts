// A detail screen's record (a product, an article): read from the query cache by the route's :id.
// The screen's loader has fetched it with the same query, or answered 404 (lib/not-found.ts).
import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { ApiClient } from "./api-client";
import { useApi } from "./api-context";

export function useRouteDetail<T>(
  detailQuery: (api: ApiClient, id: number) => UseQueryOptions<T, Error, T, readonly unknown[]>,
): T | undefined {
  const api = useApi();
  const id = Number(useParams().id);
  return useQuery(detailQuery(api, id)).data;
}
