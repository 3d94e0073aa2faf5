// The storefront's API client is the shared one (packages/api-client, docs/decisions/0042): 15 s
// timeout, non-200 → '接口请求异常', code ≠ 1 → the server's message, a network error → its own message.
// In the browser the CSRF value is the readable `csrf` cookie, echoed on every call (R6).
import { createFetchTransport } from "@yj/api-client";
import { CSRF_COOKIE, CSRF_HEADER } from "@yj/contract";
import { cookieValue } from "./cookies";

export { type ApiClient, ApiError, createApiClient } from "@yj/api-client";

/** Browser transport: same-origin cookies, CSRF header on every call (R6). */
export const fetchTransport = createFetchTransport({
  csrfHeader: CSRF_HEADER,
  csrfToken: () => cookieValue(document.cookie, CSRF_COOKIE),
});
