// Which requests are the JSON API's: `/api` and everything under it answers the envelope, never a
// page (docs/product.md §7), whether the route exists, refuses or sheds the request.

/** Whether a request URL (path and query, as Fastify gives it) is the JSON API's. */
export function isApiUrl(url: string): boolean {
  return url.startsWith("/api/") || url === "/api";
}
