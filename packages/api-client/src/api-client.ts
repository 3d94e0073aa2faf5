// The typed API client over the contract, shared by the storefront and the back office (docs/decisions/
// 0042): a route of the contract types the query, body and answer; the {code,message,data} envelope
// is unwrapped here. Product rules (docs/product.md §7): non-200 → the envelope's Chinese message (a
// 500's is '接口请求异常'), code ≠ 1 → the server's message, a body that is not JSON → '接口请求异常'.
import {
  appendQuery,
  type BodyOf,
  type DataOf,
  type EndpointOf,
  type Envelope,
  Messages,
  type QueryOf,
  type Route,
  SUCCESS_CODE,
} from "@yj/contract";
import { ApiError } from "./api-error";
import type { Transport } from "./transport";

export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A success's whole answer: the data and the server's message (the console tells '没有修改' by it). */
export interface Answer<T> {
  data: T;
  message: string;
}

/** Calls take a route of the contract (`routes.goodsIndex`); query, body and answer are typed by its endpoint. */
export interface ApiClient {
  get<R extends Route>(
    route: R,
    query?: QueryOf<EndpointOf<R>>,
    options?: Pick<CallOptions, "signal">,
  ): Promise<DataOf<EndpointOf<R>>>;
  post<R extends Route>(route: R, body?: BodyOf<EndpointOf<R>>, options?: CallOptions): Promise<DataOf<EndpointOf<R>>>;
}

/** The client as created: also a POST whose message matters as well as its data. */
export interface AnsweringApiClient extends ApiClient {
  send<R extends Route>(
    route: R,
    body?: BodyOf<EndpointOf<R>>,
    options?: CallOptions,
  ): Promise<Answer<DataOf<EndpointOf<R>>>>;
}

export interface ApiClientOptions {
  /** Sees every failed answer before the caller does (the console leaves for its login page on LOGIN_REQUIRED). */
  onFailure?(error: ApiError, route: Route): void;
}

function retrySeconds(header: string | null | undefined): number | undefined {
  const seconds = Number(header);
  return header && Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/** The envelope's answer, or the ApiError the product rules give for it. */
export function readEnvelope<T>(status: number, body: Envelope<T> | null, retryAfter?: string | null): Answer<T> {
  if (status !== 200) {
    // 403/429 still carry a Chinese message in the envelope; other statuses get the product rules' copy.
    throw new ApiError(
      body?.message && status !== 500 ? body.message : Messages.requestFailed,
      body?.errorCode,
      status,
      retrySeconds(retryAfter),
      body?.data ?? undefined,
    );
  }
  if (!body || typeof body !== "object") throw new ApiError(Messages.requestFailed, undefined, status);
  // A business refusal may say more in its data (a precreate refused as already paid: ALREADY_PAID).
  if (body.code !== SUCCESS_CODE)
    throw new ApiError(body.message, body.errorCode, status, undefined, body.data ?? undefined);
  return { data: body.data as T, message: body.message };
}

export function createApiClient(transport: Transport, options: ApiClientOptions = {}): AnsweringApiClient {
  async function call<T>(route: Route, request: Parameters<Transport>[0]): Promise<Answer<T>> {
    try {
      const res = await transport(request);
      const body = (await res.json().catch(() => null)) as Envelope<T> | null;
      return readEnvelope(res.status, body, res.retryAfter);
    } catch (error) {
      if (error instanceof ApiError) options.onFailure?.(error, route);
      throw error;
    }
  }
  const send: AnsweringApiClient["send"] = (route, body, callOptions) =>
    call(route, {
      method: "POST",
      url: route.path,
      body: body ?? {},
      headers: callOptions?.headers,
      signal: callOptions?.signal,
    });
  return {
    get: (route, query, callOptions) =>
      call<DataOf<EndpointOf<typeof route>>>(route, {
        method: "GET",
        url: appendQuery(route.path, query as Record<string, unknown> | undefined),
        signal: callOptions?.signal,
      }).then((answer) => answer.data),
    post: (route, body, callOptions) => send(route, body, callOptions).then((answer) => answer.data),
    send,
  };
}
