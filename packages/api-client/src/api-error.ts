import { ErrorCode } from "@yj/contract";

/** An answer that was not a success: its Chinese message, the errorCode that says why, the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly errorCode?: number,
    readonly status?: number,
    /** From Retry-After on a rate-limited answer (429): seconds until trying again may work. */
    readonly retryAfterSeconds?: number,
    /** A refusal's data, when it carries what the client needs to go on (the SMS human check's challenge). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The session is gone (a customer's or a staff member's): the app sends the user to log in. */
  get loginRequired(): boolean {
    return this.errorCode === ErrorCode.LOGIN_REQUIRED;
  }
}
