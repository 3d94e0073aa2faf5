// Domain errors: one type with a fixed set of kinds, thrown by services and providers. This is the only
// map from kind to HTTP status and envelope code; the http error handler reads it.
import { AdminMessages, ErrorCode, Messages } from "@yj/contract";

export type ErrorKind =
  | "invalid_input"
  | "not_found"
  | "business"
  | "login_required"
  | "csrf"
  | "forbidden"
  | "rate_limited"
  | "challenge_required"
  | "upstream"
  | "overloaded"
  | "internal";

export const ERROR_KINDS: Record<ErrorKind, { status: number; errorCode: number; defaultMessage: string }> = {
  invalid_input: { status: 200, errorCode: ErrorCode.INVALID_INPUT, defaultMessage: Messages.invalidInput },
  not_found: { status: 200, errorCode: ErrorCode.NOT_FOUND, defaultMessage: Messages.notFound },
  business: { status: 200, errorCode: ErrorCode.BUSINESS, defaultMessage: Messages.invalidInput },
  login_required: { status: 200, errorCode: ErrorCode.LOGIN_REQUIRED, defaultMessage: Messages.loginRequired },
  csrf: { status: 403, errorCode: ErrorCode.CSRF, defaultMessage: Messages.csrf },
  forbidden: { status: 403, errorCode: ErrorCode.FORBIDDEN, defaultMessage: AdminMessages.forbidden },
  rate_limited: { status: 429, errorCode: ErrorCode.RATE_LIMITED, defaultMessage: Messages.rateLimited },
  // 428 Precondition Required: the request may succeed once the client meets the condition (the check).
  challenge_required: {
    status: 428,
    errorCode: ErrorCode.CHALLENGE_REQUIRED,
    defaultMessage: Messages.humanCheckRequired,
  },
  upstream: { status: 200, errorCode: ErrorCode.UPSTREAM, defaultMessage: Messages.networkError },
  overloaded: { status: 503, errorCode: ErrorCode.OVERLOADED, defaultMessage: Messages.overloaded },
  internal: { status: 500, errorCode: ErrorCode.INTERNAL, defaultMessage: Messages.internal },
};

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message?: string,
    /** Seconds until a rate-limited caller may retry (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    /** What the client needs to go on (the human check's challenge); the envelope's data, else null. */
    readonly data?: object,
  ) {
    super(message ?? ERROR_KINDS[kind].defaultMessage);
    this.name = "AppError";
  }
}

export const notFound = (message?: string) => new AppError("not_found", message);
export const invalidInput = (message: string) => new AppError("invalid_input", message);

/** "45 秒", "12 分钟", "3 小时": when the caller may try again. */
function retryHint(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds <= 60) return `${seconds} 秒`;
  if (seconds <= 3600) return `${Math.ceil(seconds / 60)} 分钟`;
  return `${Math.ceil(seconds / 3600)} 小时`;
}

/** A limit's refusal: "<what>，请 45 秒后再试", with Retry-After. */
export const rateLimited = (what: string, retryAfterMs: number) =>
  new AppError(
    "rate_limited",
    `${what}，请 ${retryHint(retryAfterMs)}后再试`,
    Math.max(1, Math.ceil(retryAfterMs / 1000)),
  );

/** Seconds an overloaded server asks a visitor to wait: long enough for a spike to pass, short enough to come back. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 5;

/** The server sheds load (docs/decisions/0048): 503, "当前访问人数较多，请稍后再试", Retry-After. */
export const overloaded = () => new AppError("overloaded", undefined, OVERLOADED_RETRY_AFTER_SECONDS);

/**
 * Every connection of the database pool was busy and the request could not wait: the queue was
 * full, or its wait ran out (db/bounded-pool.ts). Answered as overloaded, never 500.
 */
export class PoolBusyError extends Error {
  override name = "PoolBusyError";
  constructor(reason: "queue full" | "queue too slow" | "wait timed out") {
    super(`database pool busy: ${reason}`);
  }
}

/** True when `error`, or an error it wraps (drizzle wraps the driver's), is a PoolBusyError. */
export function isPoolBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof PoolBusyError) return true;
  }
  return false;
}
