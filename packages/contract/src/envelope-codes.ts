// The codes and shape of the response envelope, without zod: the web bundle needs only these.

export const SUCCESS_CODE = 1;
/** Every failure answers code 0; `errorCode` says which kind (docs/product.md §6: errorCode 1201 = 请重新登陆). */
export const FAILURE_CODE = 0;

export const ErrorCode = {
  /** Input failed the contract schema. */
  INVALID_INPUT: 1001,
  /** The thing asked for does not exist (or is not shown). */
  NOT_FOUND: 1004,
  /** A business rule refused the request (out of stock, code expired, …). */
  BUSINESS: 1100,
  /** No session, or an expired one (docs/product.md §6, §8). */
  LOGIN_REQUIRED: 1201,
  /** A staff member whose role does not allow the admin endpoint (R16). HTTP 403. */
  FORBIDDEN: 1203,
  /** Missing or wrong x-csrf-token (R6). HTTP 403. */
  CSRF: 1403,
  /**
   * Sending an SMS code needs the human check first (docs/decisions/0046). HTTP 428; `data` holds
   * `{ challenge }` (HumanCheckChallenge) to solve and send back as the `altcha` parameter.
   */
  CHALLENGE_REQUIRED: 1428,
  /** Too many requests (R3). HTTP 429. */
  RATE_LIMITED: 1429,
  /** A gateway (SMS, payment) failed or timed out. */
  UPSTREAM: 1502,
  /** Anything unexpected. HTTP 500, generic message, never a stack. */
  INTERNAL: 1500,
  /** The server is shedding load (too many visitors at once). HTTP 503 with Retry-After (docs/decisions/0048). */
  OVERLOADED: 1503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface Envelope<T> {
  code: number;
  message: string;
  data: T | null;
  errorCode?: number;
}
