// Where verification codes go. One small interface; the provider is chosen by SMS_PROVIDER.
import { maskPhone } from "@yj/contract";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../lib/errors.js";

export interface SmsProvider {
  /** Sends the code to a mainland number; rejects with an AppError("upstream") when the gateway fails. */
  send(phone: string, code: string): Promise<void>;
  /**
   * Sends a notice (no code): a renovation stage or change waiting for the owner (docs/decisions/0069).
   * Optional: a gateway needs an approved notice template before it can send one; without it the
   * caller logs that the notice was not sent.
   */
  notify?(phone: string, message: string): Promise<void>;
}

export const SMS_FAILED_MESSAGE = "短信发送失败，请稍后重试";
export const SMS_TIMEOUT_MESSAGE = "短信发送超时，请稍后重试";

export const smsTimedOut = () => new AppError("upstream", SMS_TIMEOUT_MESSAGE);

/**
 * Logs why a gateway refused or failed (masked phone; the code blanked, as gateways may echo
 * parameters) and returns the error to throw. A timeout raised by withTimeout passes unchanged.
 */
export function smsFailure(
  logger: FastifyBaseLogger,
  context: { provider: string; phone: string; code: string },
  failure: unknown,
): AppError {
  if (failure instanceof AppError) return failure;
  const { code: status, message = "" } = (failure ?? {}) as { code?: unknown; message?: unknown };
  const reason = String(message).replaceAll(context.code, "******");
  logger.warn({ provider: context.provider, phone: maskPhone(context.phone), status, reason }, "sms not sent");
  return new AppError("upstream", SMS_FAILED_MESSAGE);
}

/** "host" or "http(s)://host:port" (a local fake in tests) → protocol and host for the SDKs. */
export function parseEndpoint(endpoint: string): { protocol: "http" | "https"; host: string } {
  const match = /^(https?):\/\/([^/]+)\/?$/i.exec(endpoint.trim());
  if (!match) return { protocol: "https", host: endpoint.trim() };
  return { protocol: match[1]?.toLowerCase() === "http" ? "http" : "https", host: match[2] ?? "" };
}

/**
 * Settles within `timeoutMs` whatever the SDK does: a slow gateway gives a prompt, clear error and is
 * never retried blindly, since the first message may still arrive (R15).
 */
export async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(smsTimedOut());
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
