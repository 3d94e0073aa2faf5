// The shared client's rules (docs/product.md §7, docs/decisions/0042): the envelope unwrapped, each
// failure worded as the product says, the CSRF header, the timeout and the caller's abort.
import { adminRoutes, ErrorCode, Messages, routes, SUCCESS_CODE } from "@yj/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, createFetchTransport, TIMEOUT_MESSAGE, type Transport } from "./index";

const ok = (data: unknown, message = "操作成功") => ({ code: SUCCESS_CODE, message, data });
const transportAnswering = (status: number, body: unknown, retryAfter?: string): Transport =>
  vi.fn(async () => ({ status, retryAfter, json: async () => body }));

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** A network that never answers: the call ends only when its signal aborts (the timeout, or the caller). */
function stubFetchThatWaitsForAbort() {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    ),
  );
}

describe("createApiClient", () => {
  it("sends the query on the path and answers the envelope's data", async () => {
    const transport = transportAnswering(200, ok([1, 2]));
    const api = createApiClient(transport);
    expect(await api.get(routes.goodsIndex, { current: 2, pageSize: 10 } as never)).toEqual([1, 2]);
    expect(transport).toHaveBeenCalledWith({ method: "GET", url: "/api/goods/index?current=2&pageSize=10" });
  });

  it("posts the body (an empty one when none is given) with the caller's headers", async () => {
    const transport = transportAnswering(200, ok({ done: true }, "没有修改，无需保存"));
    const api = createApiClient(transport);
    const answer = await api.send(adminRoutes.adminLogout, undefined, { headers: { "idempotency-key": "k" } });
    expect(answer).toEqual({ data: { done: true }, message: "没有修改，无需保存" });
    expect(transport).toHaveBeenCalledWith(
      expect.objectContaining({
        method: "POST",
        url: adminRoutes.adminLogout.path,
        body: {},
        headers: { "idempotency-key": "k" },
      }),
    );
  });

  it("words each failure as the product rules say", async () => {
    const refused = await failureOf(
      createApiClient(transportAnswering(200, { code: 0, message: "验证码错误", data: null, errorCode: 12 })).get(
        routes.goodsIndex,
      ),
    );
    expect([refused.message, refused.errorCode, refused.status]).toEqual(["验证码错误", 12, 200]);
    expect(refused.data).toBeUndefined();
    // A business refusal (200) keeps its data too: a precreate refused as already paid.
    const paid = await failureOf(
      createApiClient(
        transportAnswering(200, { code: 0, message: "订单已支付", data: { alreadyPaid: true }, errorCode: 1100 }),
      ).get(routes.goodsIndex),
    );
    expect(paid.data).toEqual({ alreadyPaid: true });

    const limited = await failureOf(
      createApiClient(transportAnswering(429, { code: 0, message: "操作太频繁", data: null }, "30")).get(
        routes.goodsIndex,
      ),
    );
    expect([limited.message, limited.status, limited.retryAfterSeconds]).toEqual(["操作太频繁", 429, 30]);

    // A refusal that says how to go on (the SMS human check, 428) keeps its data for the caller.
    const check = { challenge: { parameters: { nonce: "n" }, signature: "s" } };
    const asked = await failureOf(
      createApiClient(
        transportAnswering(428, {
          code: 0,
          message: Messages.humanCheckRequired,
          data: check,
          errorCode: ErrorCode.CHALLENGE_REQUIRED,
        }),
      ).get(routes.sendCode, { phone: "13800000000" }),
    );
    expect([asked.message, asked.errorCode, asked.status, asked.data]).toEqual([
      Messages.humanCheckRequired,
      ErrorCode.CHALLENGE_REQUIRED,
      428,
      check,
    ]);
    expect(limited.data).toBeUndefined();

    const broken = await failureOf(
      createApiClient(transportAnswering(500, { code: 0, message: "内部错误", data: null })).get(routes.goodsIndex),
    );
    expect(broken.message).toBe(Messages.requestFailed);

    const notJson: Transport = async () => ({ status: 200, json: () => Promise.reject(new SyntaxError("bad")) });
    expect((await failureOf(createApiClient(notJson).get(routes.goodsIndex))).message).toBe(Messages.requestFailed);
  });

  it("tells onFailure about each failed answer with its route", async () => {
    const onFailure = vi.fn();
    const api = createApiClient(
      transportAnswering(401, { code: 0, message: "请重新登陆", data: null, errorCode: ErrorCode.LOGIN_REQUIRED }),
      { onFailure },
    );
    const error = await failureOf(api.get(adminRoutes.adminMe));
    expect(error.loginRequired).toBe(true);
    expect(onFailure).toHaveBeenCalledWith(error, adminRoutes.adminMe);
  });
});

describe("createFetchTransport", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends same-origin cookies, JSON and the CSRF header when there is a value", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(ok(1)), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    let csrf: string | undefined;
    const api = createApiClient(createFetchTransport({ csrfHeader: "x-csrf-token", csrfToken: () => csrf }));
    await api.get(routes.goodsIndex);
    csrf = "c5rf";
    await api.post(adminRoutes.adminLogout, {} as never);
    const [, first] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [url, second] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(first.headers).toEqual({ accept: "application/json" });
    expect(first.credentials).toBe("same-origin");
    expect(url).toBe(adminRoutes.adminLogout.path);
    expect(second.headers).toEqual({
      accept: "application/json",
      "x-csrf-token": "c5rf",
      "content-type": "application/json",
    });
    expect(second.body).toBe("{}");
  });

  it("says '请求超时' after the timeout and '网络错误' when the network fails", async () => {
    stubFetchThatWaitsForAbort();
    const slow = createApiClient(
      createFetchTransport({ csrfHeader: "x-csrf-token", csrfToken: () => "", timeoutMs: 20 }),
    );
    expect((await failureOf(slow.get(routes.goodsIndex))).message).toBe(TIMEOUT_MESSAGE);

    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const offline = createApiClient(createFetchTransport({ csrfHeader: "x-csrf-token", csrfToken: () => "" }));
    expect((await failureOf(offline.get(routes.goodsIndex))).message).toBe(Messages.networkError);
  });

  it("gives the caller's own abort back as it is, not as a failure to show", async () => {
    stubFetchThatWaitsForAbort();
    const onFailure = vi.fn();
    const api = createApiClient(createFetchTransport({ csrfHeader: "x-csrf-token", csrfToken: () => "" }), {
      onFailure,
    });
    const controller = new AbortController();
    const call = api.get(routes.goodsIndex, undefined, { signal: controller.signal });
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe("AbortError");
    expect(onFailure).not.toHaveBeenCalled();
  });
});
