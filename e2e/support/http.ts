// JSON calls to a running server or load balancer as one visitor: an address of its own (named in
// X-Forwarded-For, see cluster.ts), and a session's cookies once logged in.
import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { RunningServer } from "./server";

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; message: string; data: T };
}

export interface Session {
  token: string;
  csrf: string;
}

/** A documentation-range address (TEST-NET-3) no other visitor of this run uses. */
export function visitorAddress(): string {
  const [a, b] = randomBytes(2);
  return `203.0.${(a as number) % 113}.${1 + ((b as number) % 254)}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  visitor?: string;
  session?: Session;
  /** false: send the session cookie without x-csrf-token; a string: send that instead of the right one. */
  csrf?: boolean | string;
  /** More request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

export async function call<T = unknown>(base: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.visitor) headers["x-forwarded-for"] = options.visitor;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.session) {
    headers.cookie = `token=${options.session.token}; csrf=${options.session.csrf}`;
    const csrf = options.csrf ?? true;
    if (csrf !== false) headers["x-csrf-token"] = csrf === true ? options.session.csrf : csrf;
  }
  const res = await fetch(`${base}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Answer<T>["body"] };
  } catch {
    throw new Error(`${path} answered ${res.status} without JSON: ${text.slice(0, 200)}`);
  }
}

/** A phone number as the server masks it in lists and logs: 138****0000. */
export const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** How many codes of each number a test has read from each server's log (smsCodeFor). */
const codesRead = new WeakMap<RunningServer, Map<string, number>>();

/**
 * The code the console SMS provider logged for this number (its log line shows it masked) since the
 * last one read here: the log reaches the test after the send's answer, and on a busy machine the
 * number's previous code (the login's) was still the last one in it when the page asked for this one.
 */
export async function smsCodeFor(server: RunningServer, phone: string): Promise<string> {
  const read = codesRead.get(server) ?? new Map<string, number>();
  codesRead.set(server, read);
  const codes = () =>
    server
      .logLines()
      .filter((l) => l.phone === masked(phone) && typeof l.smsCode === "string")
      .map((l) => l.smsCode as string);
  const before = read.get(phone) ?? 0;
  await expect.poll(() => codes().length, { timeout: 10_000 }).toBeGreaterThan(before);
  const all = codes();
  read.set(phone, all.length);
  return all.at(-1) as string;
}

/**
 * A customer logged in through the shop's API (the development SMS code is in the server's log);
 * answers a call as them, as the browser makes it, that throws on a failure envelope.
 */
export async function customerCalls(server: RunningServer, phone: string) {
  await fetch(`${server.url}/api/customers/getVerificationCode?phone=${phone}&timestamp=${Date.now()}`);
  const res = await fetch(`${server.url}/api/customers/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mobile: phone, code: await smsCodeFor(server, phone) }),
  });
  const { data } = (await res.json()) as { data: Session };
  const headers = {
    "content-type": "application/json",
    cookie: `token=${data.token}; csrf=${data.csrf}`,
    "x-csrf-token": data.csrf,
  };
  return async <T>(path: string, body?: object, extra: Record<string, string> = {}): Promise<T> => {
    const answer = await fetch(`${server.url}${path}`, {
      method: body ? "POST" : "GET",
      headers: { ...headers, ...extra },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await answer.json()) as Answer<T>["body"];
    if (json.code !== 1) throw new Error(`${path}: ${json.message}`);
    return json.data;
  };
}

/** A customer's call, as customerCalls() answers it. */
export type CustomerCall = Awaited<ReturnType<typeof customerCalls>>;

/** The customer orders one of the first SKU of goods 1 in the demo shop, delivered to Hangzhou. */
export async function orderGoodsOne(call: CustomerCall, name: string, phone: string, detail: string): Promise<string> {
  const goods = await call<{ id: number; skus: { id: number }[] }>("/api/goods/mail/show?id=1");
  const order = await call<{ orderNo: string }>(
    "/api/order/createOrder",
    {
      goodsId: goods.id,
      skuId: goods.skus[0]?.id,
      quantity: 1,
      address: { name, phone, province: "浙江省", city: "杭州市", district: "西湖区", town: "", detail },
    },
    { "idempotency-key": randomUUID() },
  );
  return order.orderNo;
}
