// Which requests write: the CSRF check (R6), the stricter per-IP request limit (ADR 0022) and the
// per-staff write limit (ADR 0038) all ask the same question.
import { endpoints } from "@yj/contract";
import type { FastifyRequest } from "fastify";

/**
 * docs/product.md §7 has the client add and remove favourites, and open a payment (precreate), with
 * GET; they change state all the same. Precreate also needs the customer for an order's payment.
 */
const STATE_CHANGING_GETS = new Set<string>([
  endpoints.addFavorite.path,
  endpoints.removeFavorite.path,
  endpoints.alipayPrecreate.path,
]);

/** Whether the request writes (R6's CSRF check; the stricter per-IP request limit). */
export function changesState(request: FastifyRequest): boolean {
  return writes(request.method, request.routeOptions.url);
}

/**
 * The same for a method and a route pattern: for hooks that have read `request.routeOptions`
 * already (Fastify builds that object again on every read).
 */
export function writes(method: string, routeUrl: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return true;
  return routeUrl !== undefined && STATE_CHANGING_GETS.has(routeUrl);
}
