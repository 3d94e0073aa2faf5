// What the two gateway SDK providers (aliyun, tencent) share: the endpoint parsed at start (a bad
// one stops the start), the SDK loaded at the first send and again after a failed load (loading
// costs start-up time a server on another provider should not pay, P8), and one send that turns
// every refusal, failure or timeout into the same logged, masked AppError (R15).
import type { FastifyBaseLogger } from "fastify";
import { parseEndpoint, type SmsProvider, smsFailure } from "./sms-provider.js";

export abstract class SdkSmsProvider<Config extends { endpoint: string }, Client> implements SmsProvider {
  private connected?: Promise<Client>;
  protected readonly endpoint: { protocol: string; host: string };

  constructor(
    protected readonly config: Config,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.endpoint = parseEndpoint(config.endpoint);
  }

  /** The name in the failure log. */
  protected abstract readonly provider: string;

  /** Loads the SDK and builds its client. */
  protected abstract load(): Promise<Client>;

  /**
   * Sends through the client within the deadline (withTimeout); answers the gateway's refusal as
   * `{ code, message }`, or nothing when it took the message.
   */
  protected abstract deliver(
    client: Client,
    phone: string,
    code: string,
  ): Promise<{ code?: unknown; message?: unknown } | undefined>;

  private connect(): Promise<Client> {
    this.connected ??= this.load();
    this.connected.catch(() => {
      this.connected = undefined;
    });
    return this.connected;
  }

  async send(phone: string, code: string): Promise<void> {
    const context = { provider: this.provider, phone, code };
    try {
      const refusal = await this.deliver(await this.connect(), phone, code);
      if (refusal) throw smsFailure(this.logger, context, refusal);
    } catch (error) {
      throw smsFailure(this.logger, context, error);
    }
  }
}
