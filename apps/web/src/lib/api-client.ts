// Typed API client over the contract (docs/product.md §7): 15 s timeout, non-200 → '接口请求异常',
// code ≠ 1 → the server's message, a network error → its own message.
import {
  appendQuery,
  type BodyOf,
  CSRF_COOKIE,
  CSRF_HEADER,
  type DataOf,
  type EndpointOf,
  type Envelope,
  Messages,
  type QueryOf,
  REQUEST_TIMEOUT_MS,
  type Route,
  SUCCESS_CODE,
} from "@yj/contract";
import type { Transport, TransportRequest } from "../render-seam";
import { cookieValue } from "./cookies";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly errorCode?: number,
    readonly status?: number,
    /** From Retry-After on a rate-limited answer (429): seconds until trying again may work. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

function retrySeconds(header: string | null | undefined): number | undefined {
  const seconds = Number(header);
  return header && Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/** Calls take a route of the contract (`routes.goodsIndex`); query, body and answer are typed by its endpoint. */
export interface ApiClient {
  get<R extends Route>(route: R, query?: QueryOf<EndpointOf<R>>): Promise<DataOf<EndpointOf<R>>>;
  post<R extends Route>(
    route: R,
    body?: BodyOf<EndpointOf<R>>,
    options?: { headers?: Record<string, string> },
  ): Promise<DataOf<EndpointOf<R>>>;
}

export function createApiClient(transport: Transport): ApiClient {
  async function call<T>(request: TransportRequest): Promise<T> {
    const res = await transport(request);
    if (res.status !== 200) {
      // 403/429 still carry a Chinese message in the envelope; other statuses get the product rules' copy.
      const body = (await res.json().catch(() => null)) as Envelope<unknown> | null;
      throw new ApiError(
        body?.message && res.status !== 500 ? body.message : Messages.requestFailed,
        body?.errorCode,
        res.status,
        retrySeconds(res.retryAfter),
      );
    }
    const body = (await res.json()) as Envelope<T>;
    if (body.code !== SUCCESS_CODE) throw new ApiError(body.message, body.errorCode, res.status);
    return body.data as T;
  }
  return {
    get: (endpoint, query) =>
      call({ method: "GET", url: appendQuery(endpoint.path, query as Record<string, unknown> | undefined) }),
    post: (endpoint, body, options) =>
      call({ method: "POST", url: endpoint.path, body: body ?? {}, headers: options?.headers }),
  };
}

/** Browser transport: same-origin cookies, CSRF header on every state-changing call (R6). */
export const fetchTransport: Transport = async ({ method, url, body, headers: extra }) => {
  const headers: Record<string, string> = { ...extra, accept: "application/json" };
  const csrf = cookieValue(document.cookie, CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  if (method === "POST") headers["content-type"] = "application/json";
  try {
    const res = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      body: method === "POST" ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), json: () => res.json() };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new ApiError(timedOut ? "请求超时，请检查网络后重试" : (error as Error).message || Messages.networkError);
  }
};
