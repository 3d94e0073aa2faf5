// JSON calls to a running server or load balancer as one visitor: an address of its own (named in
// X-Forwarded-For, see cluster.ts), and a session's cookies once logged in.
import { randomBytes } from "node:crypto";

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
