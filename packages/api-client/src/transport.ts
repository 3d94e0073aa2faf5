// How a request reaches the API, kept apart from what the client makes of the answer: fetch in a
// browser (this file), Fastify inject during the storefront's server render (apps/server). The shapes
// are what apps/web/src/render-seam.ts hands the server, which type-checks against them.
import { Messages, REQUEST_TIMEOUT_MS } from "@yj/contract";
import { ApiError } from "./api-error";

/** One API call. */
export interface TransportRequest {
  method: "GET" | "POST";
  url: string;
  body?: unknown;
  /** Extra request headers (e.g. an order's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Aborting it abandons the call (a page that is left, a newer search). */
  signal?: AbortSignal;
}
export interface TransportResponse {
  status: number;
  /** The Retry-After header, when the answer has one. */
  retryAfter?: string | null;
  json(): Promise<unknown>;
}
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export interface FetchTransportOptions {
  /** The CSRF value echoed in every call's header (R6): the storefront's readable cookie, the console's /me answer. */
  csrfToken(): string | undefined;
  /** docs/product.md §7: 15 s unless a caller says otherwise. */
  timeoutMs?: number;
  /** The CSRF header's name; the contract's CSRF_HEADER. */
  csrfHeader: string;
}

export const TIMEOUT_MESSAGE = "请求超时，请检查网络后重试";

/** Browser transport: same-origin cookies, the CSRF header, a timeout, the caller's abort signal. */
export function createFetchTransport(options: FetchTransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return async ({ method, url, body, headers: extra, signal }) => {
    const headers: Record<string, string> = { ...extra, accept: "application/json" };
    const csrf = options.csrfToken();
    if (csrf) headers[options.csrfHeader] = csrf;
    if (method === "POST") headers["content-type"] = "application/json";
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const res = await fetch(url, {
        method,
        headers,
        credentials: "same-origin",
        body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      return { status: res.status, retryAfter: res.headers.get("retry-after"), json: () => res.json() };
    } catch (error) {
      // The caller's own abort is not a failure to show: it goes back as the AbortError it is.
      if (signal?.aborted) throw error;
      throw new ApiError(timeout.aborted ? TIMEOUT_MESSAGE : Messages.networkError);
    }
  };
}
