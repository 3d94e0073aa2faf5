// Waiting with a deadline, for the server render on both sides of its seam.

/** The part of AbortSignal used here: the contract is type-checked without DOM or Node types. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * The promise's value, or the signal's reason once it aborts; the promise is left to settle alone.
 * React Router does not reject a lazy route's loader when the abort comes while the route's module is
 * still loading, and Fastify's inject has no deadline, so both sides race their waits themselves.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignalLike): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
