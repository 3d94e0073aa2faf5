// The visitor's openid inside WeChat, for JSAPI payments (docs/decisions/0066), through WeChat's
// web OAuth with scope snsapi_base (silent: no consent screen, the openid only).
//   GET /api/wechat/oauth?back=/pay/<orderNo>  →  302 to open.weixin.qq.com/connect/oauth2/authorize
//   GET /api/wechat/oauth/callback?code&state  →  the code exchanged at api.weixin.qq.com/sns/oauth2/
//     access_token with WECHAT_APP_SECRET, the openid kept in a signed httpOnly cookie, 302 to back.
// The state is CSRF-safe and tied to the visitor: a random nonce that is also in an httpOnly cookie
// (signed with the back path and an expiry) set on this browser at the start; the callback needs
// both to match, clears the cookie and remembers the nonce as used, so a forged or replayed state is
// refused before any code is exchanged, and each code is exchanged at most once. `back` is one of
// the pay step's own paths (no open redirect). The openid never appears in a URL after the exchange
// and never in a log line; the cookie is scoped to /api and signed, so a page script cannot read it
// and nobody can plant another one.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

export const WECHAT_OAUTH_PATH = "/api/wechat/oauth";
export const WECHAT_OAUTH_CALLBACK_PATH = "/api/wechat/oauth/callback";
export const OAUTH_STATE_COOKIE = "yj_wx_state";
export const OPENID_COOKIE = "yj_wx_openid";
/** The round trip through WeChat takes seconds; a state older than this is refused. */
const STATE_TTL_MS = 10 * 60_000;
/** An openid is the visitor's for good with this appid; a month spares the round trip. */
const OPENID_MAX_AGE_S = 30 * 24 * 3600;

/** Where the OAuth may return: the pay step of an order (with its method) or the activity page. */
const BACK_PATHS = [/^\/pay\/[A-Z0-9]{8,32}(\?via=(alipay|wechat))?$/, /^\/decorate-act$/];

export function safeBack(back: unknown): string | null {
  return typeof back === "string" && BACK_PATHS.some((re) => re.test(back)) ? back : null;
}

export interface WechatOauthSettings {
  appid: string;
  secret: string;
  /** https://open.weixin.qq.com (the fake gateway's address in development and tests). */
  authorizeBase: string;
  /** https://api.weixin.qq.com */
  apiBase: string;
  publicOrigin: string;
  /** Signs the state and openid cookies (derived from CODE_HASH_SECRET). */
  cookieKey: string;
  secure: boolean;
  timeoutMs: number;
}

const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const unb64url = (text: string) => Buffer.from(text, "base64url").toString("utf8");

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class WechatOauth {
  /** Nonces already used on this instance (until they expire anyway): a replayed state stops here. */
  private readonly used = new Map<string, number>();

  constructor(private readonly settings: WechatOauthSettings) {}

  /** The pay step's way into the OAuth, coming back to `back`. */
  startUrl(back: string): string {
    return `${WECHAT_OAUTH_PATH}?back=${encodeURIComponent(back)}`;
  }

  private mac(purpose: string, value: string): string {
    return createHmac("sha256", this.settings.cookieKey).update(`${purpose}\n${value}`).digest("base64url");
  }

  /** The openid of this visitor, when the signed cookie holds one for our appid. */
  openidOf(request: FastifyRequest): string | undefined {
    const cookie = request.cookies[OPENID_COOKIE];
    if (!cookie) return undefined;
    const dot = cookie.lastIndexOf(".");
    if (dot <= 0) return undefined;
    const openid = unb64url(cookie.slice(0, dot));
    const expected = this.mac("openid", `${this.settings.appid}\n${openid}`);
    return sameText(cookie.slice(dot + 1), expected) && /^[\w-]{6,64}$/.test(openid) ? openid : undefined;
  }

  private cookieOptions(path: string) {
    return { path, httpOnly: true, sameSite: "lax" as const, secure: this.settings.secure };
  }

  register(app: FastifyInstance) {
    const hidden = { schema: { hide: true } };
    app.get(WECHAT_OAUTH_PATH, hidden, async (request, reply) => {
      const back = safeBack((request.query as { back?: unknown }).back);
      if (!back) return reply.code(400).type("text/plain; charset=utf-8").send("参数错误");
      const nonce = randomBytes(24).toString("base64url");
      const expires = Date.now() + STATE_TTL_MS;
      const payload = `${nonce}.${b64url(back)}.${expires}`;
      reply.setCookie(OAUTH_STATE_COOKIE, `${payload}.${this.mac("state", payload)}`, {
        ...this.cookieOptions(WECHAT_OAUTH_PATH),
        maxAge: STATE_TTL_MS / 1000,
      });
      const url = new URL("/connect/oauth2/authorize", this.settings.authorizeBase);
      // WeChat reads its parameters in this order; the fragment makes it answer inside WeChat.
      url.search = new URLSearchParams({
        appid: this.settings.appid,
        redirect_uri: `${this.settings.publicOrigin}${WECHAT_OAUTH_CALLBACK_PATH}`,
        response_type: "code",
        scope: "snsapi_base",
        state: nonce,
      }).toString();
      return reply.header("cache-control", "no-store").redirect(`${url.toString()}#wechat_redirect`, 302);
    });

    app.get(WECHAT_OAUTH_CALLBACK_PATH, hidden, async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { code, state } = request.query as { code?: unknown; state?: unknown };
      const checked = this.checkState(request, state);
      // The state cookie is spent whatever happens next.
      reply.clearCookie(OAUTH_STATE_COOKIE, this.cookieOptions(WECHAT_OAUTH_PATH));
      if (!checked) {
        request.log.warn({ reason: "state refused" }, "wechat oauth refused");
        return reply.code(400).type("text/plain; charset=utf-8").send("授权已失效，请返回重试");
      }
      const back = checked.back;
      const failed = `${back}${back.includes("?") ? "&" : "?"}wechat_auth=failed`;
      // The visitor declined (not possible with snsapi_base, but WeChat may still send no code).
      if (typeof code !== "string" || !/^[\w-]{1,128}$/.test(code)) return reply.redirect(failed, 302);
      const openid = await this.exchange(code, request);
      if (!openid) return reply.redirect(failed, 302);
      reply.setCookie(OPENID_COOKIE, `${b64url(openid)}.${this.mac("openid", `${this.settings.appid}\n${openid}`)}`, {
        ...this.cookieOptions("/api"),
        maxAge: OPENID_MAX_AGE_S,
      });
      return reply.redirect(back, 302);
    });
  }

  /** The state matches this browser's signed cookie, is fresh and unused; answers where to go back. */
  private checkState(request: FastifyRequest, state: unknown): { back: string } | null {
    const cookie = request.cookies[OAUTH_STATE_COOKIE];
    if (typeof state !== "string" || !state || !cookie) return null;
    const parts = cookie.split(".");
    if (parts.length !== 4) return null;
    const [nonce = "", back64 = "", expires = "", mac = ""] = parts;
    if (!sameText(mac, this.mac("state", `${nonce}.${back64}.${expires}`))) return null;
    if (!sameText(nonce, state)) return null;
    const at = Date.now();
    if (!(Number(expires) > at)) return null;
    for (const [n, until] of this.used) if (until <= at) this.used.delete(n);
    if (this.used.has(nonce)) return null;
    this.used.set(nonce, Number(expires));
    const back = safeBack(unb64url(back64));
    return back ? { back } : null;
  }

  /** The code for the openid (access_token is not kept: snsapi_base needs nothing else). */
  private async exchange(code: string, request: FastifyRequest): Promise<string | null> {
    const url = new URL("/sns/oauth2/access_token", this.settings.apiBase);
    url.search = new URLSearchParams({
      appid: this.settings.appid,
      secret: this.settings.secret,
      code,
      grant_type: "authorization_code",
    }).toString();
    const started = Date.now();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.settings.timeoutMs) });
      const data = (await res.json()) as { openid?: unknown; errcode?: unknown };
      if (typeof data.openid === "string" && /^[\w-]{6,64}$/.test(data.openid)) return data.openid;
      // errcode only: the answer may carry tokens and the openid, neither of which is logged.
      request.log.warn({ status: res.status, errcode: data.errcode, ms: Date.now() - started }, "wechat oauth refused");
    } catch (error) {
      request.log.warn(
        { reason: String((error as Error).name ?? "error"), ms: Date.now() - started },
        "wechat oauth failed",
      );
    }
    return null;
  }
}
