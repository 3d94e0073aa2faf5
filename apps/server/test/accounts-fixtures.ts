// Shared pieces of the accounts tests: a clock the test moves, an SMS provider that keeps the codes,
// unique phones and client addresses (so tests sharing a database never share a rate limit), and an
// app built with both.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Logger } from "pino";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/client.js";
import type { OrdersOverrides } from "../src/modules/orders/orders-module.js";
import type { SmsProvider } from "../src/providers/sms/sms-provider.js";
import { type ApiAnswer, testEnv } from "./helper.js";

export class ManualClock {
  private ms: number;

  constructor(start = Date.now()) {
    this.ms = start;
  }

  readonly now = () => new Date(this.ms);

  advance(ms: number) {
    this.ms += ms;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Keeps every code "sent", so tests can log in; can be told to fail. */
export class CapturingSms implements SmsProvider {
  readonly sent: { phone: string; code: string }[] = [];
  failWith: Error | undefined;

  async send(phone: string, code: string): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.sent.push({ phone, code });
  }

  lastCode(phone: string): string {
    const hit = this.sent.findLast((s) => s.phone === phone);
    if (!hit) throw new Error(`no code was sent to ${phone}`);
    return hit.code;
  }
}

let phoneCounter = Math.floor(Math.random() * 1_000_000);
/** A mainland number no other test in this process uses. */
export function uniquePhone(prefix = "139"): string {
  phoneCounter += 1;
  return `${prefix}${String(phoneCounter % 100_000_000).padStart(8, "0")}`;
}

let ipCounter = Math.floor(Math.random() * 60_000);
/** A client address no other test in this process uses (per-IP limits are shared otherwise). */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface Session {
  token: string;
  csrf: string;
  mobile: string;
}

/** An app with a test clock and a capturing SMS provider, plus the calls the accounts tests make. */
export class AccountsHarness {
  private constructor(
    readonly app: FastifyInstance,
    readonly clock: ManualClock,
    readonly sms: CapturingSms,
  ) {}

  static async build(
    database: Database,
    {
      clock = new ManualClock(),
      sms = new CapturingSms(),
      env = {} as Record<string, string>,
      logger = undefined as Logger | undefined,
      orders = undefined as OrdersOverrides | undefined,
    } = {},
  ): Promise<AccountsHarness> {
    const app = await buildApp({
      env: testEnv(env),
      database,
      logger,
      serveWeb: false,
      accounts: { now: clock.now, sms },
      orders,
    });
    await app.ready();
    return new AccountsHarness(app, clock, sms);
  }

  async call<T = unknown>(
    options: InjectOptions,
  ): Promise<{ status: number; body: ApiAnswer<T>; res: LightMyRequestResponse }> {
    const res = await this.app.inject(options);
    return { status: res.statusCode, body: res.json() as ApiAnswer<T>, res };
  }

  sendCode(phone: string, ip = uniqueIp()) {
    return this.call({
      method: "GET",
      url: `/api/customers/getVerificationCode?phone=${encodeURIComponent(phone)}&timestamp=${Date.now()}`,
      remoteAddress: ip,
    });
  }

  /** From an address of its own unless told (failed verifies are limited per address too). */
  verify(mobile: string, code: string, headers: Record<string, string> = {}, ip = uniqueIp()) {
    return this.call<Session>({
      method: "POST",
      url: "/api/customers/register",
      payload: { mobile, code },
      headers,
      remoteAddress: ip,
    });
  }

  /** Sends a code and logs in with it. */
  async login(phone = uniquePhone()): Promise<Session & { res: LightMyRequestResponse }> {
    const sent = await this.sendCode(phone);
    if (sent.body.code !== 1) throw new Error(`send failed: ${sent.body.message}`);
    const { body, res } = await this.verify(phone, this.sms.lastCode(phone));
    if (body.code !== 1) throw new Error(`login failed: ${body.message}`);
    return { ...body.data, res };
  }

  /** A call as the browser makes it: token cookie, and the csrf header unless told otherwise. */
  asCustomer<T = unknown>(session: Session, options: InjectOptions, { csrf = session.csrf as string | null } = {}) {
    const headers = { ...(options.headers ?? {}), ...(csrf === null ? {} : { "x-csrf-token": csrf }) };
    return this.call<T>({ ...options, headers, cookies: { token: session.token, csrf: session.csrf } });
  }

  close() {
    return this.app.close();
  }
}
