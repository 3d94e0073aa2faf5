// The rendered HTML of what every anonymous visitor of a city sees (docs/decisions/0058): one render
// serves everyone asking for the same page in the same city until it expires or a back-office write
// drops it. Kept compressed (brotli and gzip, made once when stored), bounded in bytes, the least
// recently used first out; concurrent misses for one page wait for a single render.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { TOKEN_COOKIE } from "@yj/contract";

/** The cookie holding the visitor's city choice (apps/web/src/lib/store.ts CITY_COOKIE). */
const CITY_COOKIE = "yj_city";

/** Invalidation prefix that no API cache key starts with: it drops pages only (every instance). */
export const PAGE_CACHE_PREFIX = "page:";

export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** Stored per entry beyond the bodies: key, headers, bookkeeping (a rough, fixed allowance). */
const ENTRY_OVERHEAD_BYTES = 1024;

export interface CachedPage {
  /** Always 200: nothing else is kept. */
  status: number;
  contentType: string;
  /** The policy built for this HTML: hashes of its inline script and style, no nonce (ADR 0058). */
  csp: string;
  /** A strong validator of the HTML, so a browser revalidating gets a 304. */
  etag: string;
  br: Buffer;
  gzip: Buffer;
  /** What the entry costs against the bound. */
  bytes: number;
  expires: number;
}

/** What a page render produced, as the cache is offered it. */
export interface RenderedPage {
  status: number;
  html: string;
  csp: string;
  /** Cookies the render set: a page that sets one is the visitor's own and is not kept. */
  setsCookies: boolean;
}

/** The turn to render a missed page: store (or not) what it produced, then release the waiters. */
export interface RenderTurn {
  /** Keeps the page when it may be shared; answers the entry (kept or not) or null. */
  offer(page: RenderedPage): CachedPage | null;
  /** Releases those waiting for this render without a page (it failed, redirected, or is not shareable). */
  abandon(): void;
}

export type Lookup = { page: CachedPage } | { wait: Promise<CachedPage | null> } | { render: RenderTurn };

export interface PageCacheOptions {
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  bytes: number;
  entries: number;
}

/**
 * The key of a page any anonymous visitor may share, or null when the request must be rendered for
 * this visitor alone (not a GET, a session token cookie, the cache off). The HTML depends on the path,
 * the query and the city cookie (the loaders read nothing else of the request; the API calls add the
 * cookies, which without a session token select nothing but the city, and the visitor's address,
 * which only limits count). The encoding is chosen when sending, from the one entry.
 */
export function pageCacheKey(method: string, url: string, cookieHeader: string | undefined): string | null {
  if (method !== "GET") return null;
  const cookies = (cookieHeader ?? "").split(/;\s*/);
  // Any token cookie, even an empty or dead one: the render then asks the API about the session and
  // may clear the cookie; such a visitor is rendered alone.
  if (cookies.some((c) => c.startsWith(`${TOKEN_COOKIE}=`))) return null;
  const city = cookies.filter((c) => c.startsWith(`${CITY_COOKIE}=`)).join(";");
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return `${path}?${normalisedQuery(queryAt === -1 ? "" : url.slice(queryAt + 1))}\n${city}`;
}

/** The query with its parameters in name order (a name's values keep theirs), encoded one way. */
function normalisedQuery(query: string): string {
  if (!query) return "";
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
}

export class PageCache {
  /** In order of use: the least recently used first. */
  private readonly entries = new Map<string, CachedPage>();
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  /** Bumped by every invalidation: a render that began before one is not kept (it may hold old data). */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0 && this.options.ttlMs > 0;
  }

  /** A kept page, a render of it in flight to wait for, or this request's turn to render it. */
  lookup(key: string): Lookup {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      if (kept.expires > this.now()) {
        this.entries.set(key, kept);
        this.hits++;
        return { page: kept };
      }
      this.bytes -= kept.bytes;
    }
    const pending = this.inFlight.get(key);
    if (pending) {
      // A hit if the render it waits for gives a page; else the waiter renders alone (a miss).
      return {
        wait: pending.then((page) => {
          if (page) this.hits++;
          else this.misses++;
          return page;
        }),
      };
    }
    this.misses++;
    return { render: this.turn(key) };
  }

  /** Drops every page: any prefix an API write invalidates may be shown on any page (ADR 0058). */
  deletePrefix(_prefix: string) {
    this.clear();
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.inFlight.clear();
    this.bytes = 0;
  }

  stats(): PageCacheStats {
    return { hits: this.hits, misses: this.misses, bytes: this.bytes, entries: this.entries.size };
  }

  private turn(key: string): RenderTurn {
    const generation = this.generation;
    let release!: (page: CachedPage | null) => void;
    const done = new Promise<CachedPage | null>((resolve) => {
      release = resolve;
    });
    this.inFlight.set(key, done);
    const finish = (page: CachedPage | null) => {
      if (this.inFlight.get(key) === done) this.inFlight.delete(key);
      release(page);
    };
    return {
      offer: (rendered) => {
        if (rendered.status !== 200 || rendered.setsCookies) {
          finish(null);
          return null;
        }
        const page = this.entryOf(rendered);
        // Kept only if no write happened meanwhile and it fits; the waiters get it either way.
        if (generation === this.generation && page.bytes <= this.options.maxBytes) this.keep(key, page);
        finish(page);
        return page;
      },
      abandon: () => finish(null),
    };
  }

  private entryOf({ status, html, csp }: RenderedPage): CachedPage {
    const raw = Buffer.from(html);
    // Made once for every visitor of the entry's life, so a better ratio than per-answer compression.
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gzip = gzipSync(raw, { level: 6 });
    const etag = `"${createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`;
    return {
      status,
      contentType: "text/html; charset=utf-8",
      csp,
      etag,
      br,
      gzip,
      bytes: br.length + gzip.length + ENTRY_OVERHEAD_BYTES,
      expires: this.now() + this.options.ttlMs,
    };
  }

  private keep(key: string, page: CachedPage) {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, page);
    this.bytes += page.bytes + 2 * key.length;
    page.bytes += 2 * key.length;
    for (const [k, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= entry.bytes;
    }
  }
}

/** The body for the client's Accept-Encoding: brotli, else gzip, else the HTML itself. */
export function encodedBody(page: CachedPage, acceptEncoding: string | undefined): { encoding?: string; body: Buffer } {
  const accepted = acceptedEncodings(acceptEncoding ?? "");
  if (accepted.has("br")) return { encoding: "br", body: page.br };
  if (accepted.has("gzip")) return { encoding: "gzip", body: page.gzip };
  // Rare (scripts, some robots): unpacked on demand rather than kept a third time.
  return { body: gunzipSync(page.gzip) };
}

/** True when an Accept-Encoding header allows gzip (q > 0, or `*`). */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && acceptedEncodings(header).has("gzip");
}

/** The codings an Accept-Encoding header allows (q > 0); `*` allows both kept ones. */
function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === "*") {
      accepted.add("br");
      accepted.add("gzip");
    } else if (name) accepted.add(name.trim());
  }
  return accepted;
}
