// City detection: the AMap provider against a local fake of its REST API, the offline database,
// and GET /api/geo/city mapping a location onto the covered cities.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CityConfig, CityDetectData, SiteSettings } from "@yj/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geoRoutes } from "../src/modules/geo/routes.js";
import { type CitySource, GeoService } from "../src/modules/geo/service.js";
import {
  AmapGeoProvider,
  createGeoProviders,
  type GeoLocation,
  type GeoProvider,
  OfflineGeoProvider,
} from "../src/providers/geo/index.js";
import { describeEachBackend, testEnv } from "./helper.js";

const AMAP_KEY = "test-amap-key-0123456789";

/** Real-shaped answers of AMap's /v3/ip, by the ip asked about. */
const AMAP_ANSWERS: Record<string, object> = {
  "115.236.0.1": {
    status: "1",
    info: "OK",
    infocode: "10000",
    province: "浙江省",
    city: "杭州市",
    adcode: "330100",
    rectangle: "119.7,30.0;120.6,30.5",
  },
  "8.8.8.8": { status: "1", info: "OK", infocode: "10000", province: [], city: [], adcode: [], rectangle: [] },
  "1.1.1.1": { status: "0", info: "DAILY_QUERY_OVER_LIMIT", infocode: "10003" },
};
const SLOW_IP = "2.2.2.2";

describe("AmapGeoProvider", () => {
  let server: Server;
  let baseUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const ip = url.searchParams.get("ip") ?? "";
      seen.push(ip);
      const answer = AMAP_ANSWERS[ip];
      const valid =
        req.method === "GET" &&
        url.pathname === "/v3/ip" &&
        url.searchParams.get("key") === AMAP_KEY &&
        url.searchParams.get("output") === "json";
      res.setHeader("content-type", "application/json;charset=UTF-8");
      if (!valid) {
        res.end(JSON.stringify({ status: "0", info: "INVALID_USER_KEY", infocode: "10001" }));
      } else if (ip === SLOW_IP) {
        // Far beyond the 200 ms timeout below, so a loaded machine cannot blur the two.
        setTimeout(() => res.end(JSON.stringify(AMAP_ANSWERS["115.236.0.1"])), 10_000).unref();
      } else {
        res.end(JSON.stringify(answer ?? AMAP_ANSWERS["8.8.8.8"]));
      }
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  function provider(options: { key?: string; timeoutMs?: number } = {}) {
    const warnings: { details: object; message: string }[] = [];
    const amap = new AmapGeoProvider({
      key: options.key ?? AMAP_KEY,
      baseUrl,
      timeoutMs: options.timeoutMs,
      logger: { warn: (details, message) => warnings.push({ details, message }) },
    });
    return { amap, warnings };
  }

  it("locates a Chinese IP", async () => {
    const { amap, warnings } = provider();
    expect(amap.source).toBe("amap");
    await expect(amap.locate("115.236.0.1")).resolves.toEqual({ city: "杭州市", province: "浙江省" });
    // Dual-stack sockets report IPv4 clients as IPv4-mapped IPv6.
    await expect(amap.locate("::ffff:115.236.0.1")).resolves.toEqual({ city: "杭州市", province: "浙江省" });
    expect(warnings).toEqual([]);
  });

  it("answers null for an address AMap does not know (empty arrays), without a warning", async () => {
    const { amap, warnings } = provider();
    await expect(amap.locate("8.8.8.8")).resolves.toBeNull();
    expect(warnings).toEqual([]);
  });

  it("answers null and warns, without the key, when AMap refuses", async () => {
    const { amap, warnings } = provider();
    await expect(amap.locate("1.1.1.1")).resolves.toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.details).toMatchObject({ info: "DAILY_QUERY_OVER_LIMIT" });

    const wrongKey = provider({ key: "wrong-key-abcdef" });
    await expect(wrongKey.amap.locate("115.236.0.1")).resolves.toBeNull();
    expect(wrongKey.warnings[0]?.details).toMatchObject({ info: "INVALID_USER_KEY" });
    expect(JSON.stringify([warnings, wrongKey.warnings])).not.toMatch(/test-amap-key|wrong-key/);
  });

  it("gives up on a slow answer at the timeout", async () => {
    const { amap, warnings } = provider({ timeoutMs: 200 });
    const started = Date.now();
    await expect(amap.locate(SLOW_IP)).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings[0]?.details).toMatchObject({ error: { name: "TimeoutError" } });
    expect(JSON.stringify(warnings)).not.toContain(AMAP_KEY);
  });

  it("GET /api/geo/city asks AMap once per client network (/24) while the answer is fresh", async () => {
    const { amap } = provider();
    const app: FastifyInstance = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    geoRoutes(app, new GeoService(cities, [amap]));
    const city = async (remoteAddress: string) =>
      (await app.inject({ method: "GET", url: "/api/geo/city", remoteAddress })).json() as { data: CityDetectData };
    seen.length = 0;
    try {
      for (const ip of ["115.236.0.1", "115.236.0.1", "115.236.0.77", "::ffff:115.236.0.200"]) {
        expect((await city(ip)).data, ip).toEqual({ city: "杭州市", province: "浙江省", source: "amap" });
      }
      // Concurrent first calls from one network share one request too.
      await Promise.all(["115.237.1.1", "115.237.1.2", "115.237.1.3"].map(city));
      expect(seen).toEqual(["115.236.0.1", "115.237.1.1"]);
    } finally {
      await app.close();
    }
  });

  it("answers null when AMap cannot be reached", async () => {
    const unreachable = new AmapGeoProvider({ key: AMAP_KEY, baseUrl: "http://127.0.0.1:1" });
    await expect(unreachable.locate("115.236.0.1")).resolves.toBeNull();
  });

  it("never asks about private, loopback or IPv6 addresses (AMap's /v3/ip is IPv4 only)", async () => {
    const { amap } = provider();
    seen.length = 0;
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.1.5",
      "::1",
      "::ffff:127.0.0.1",
      "240e:47d:c20::1",
      "nonsense",
    ]) {
      await expect(amap.locate(ip)).resolves.toBeNull();
    }
    expect(seen).toEqual([]);
  });
});

describe("OfflineGeoProvider (ip2region)", () => {
  const offline = new OfflineGeoProvider();

  it("answers null for loopback and private addresses", async () => {
    expect(offline.source).toBe("ip");
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.8", "172.20.1.1", "192.168.0.2", "fe80::1"]) {
      await expect(offline.locate(ip)).resolves.toBeNull();
    }
  });

  it("locates a public Chinese IP without the network", async () => {
    await expect(offline.locate("115.236.0.1")).resolves.toEqual({ city: "杭州市", province: "浙江省" });
    await expect(offline.locate("::ffff:120.24.78.68")).resolves.toMatchObject({ province: "广东省" });
  });

  it("gives no city for a foreign IP", async () => {
    const found = await offline.locate("8.8.8.8");
    expect(found?.city ?? "").toBe("");
  });
});

describe("createGeoProviders", () => {
  it("asks AMap first when a key is set, and always has the offline database", () => {
    expect(createGeoProviders(testEnv()).map((p) => p.source)).toEqual(["ip"]);
    expect(createGeoProviders(testEnv({ AMAP_KEY })).map((p) => p.source)).toEqual(["amap", "ip"]);
  });

  it("still detects the city through the offline database when AMap cannot be reached", async () => {
    const providers = createGeoProviders(testEnv({ AMAP_KEY, AMAP_API_BASE: "http://127.0.0.1:1" }));
    await expect(new GeoService(cities, providers).detectCity("115.236.0.1")).resolves.toEqual({
      city: "杭州市",
      province: "浙江省",
      source: "ip",
    });
  });
});

/** A city list and settings like the demo shop's, so these tests need no database. */
const COVERED: CityConfig[] = [
  { id: 1, type: 1, content: { city: "杭州市", province: "浙江省" } },
  { id: 2, type: 1, content: { city: "上海市", province: "上海市" } },
  { id: 3, type: 1, content: { city: "南京市", province: "江苏省" } },
];
const SETTINGS = { defaultCity: "杭州市", defaultProvince: "浙江省" } as SiteSettings;
const cities: CitySource = { cityList: async () => COVERED, siteSettings: async () => SETTINGS };

class StubProvider implements GeoProvider {
  readonly asked: string[] = [];
  constructor(
    private readonly answer: GeoLocation | null,
    readonly source: "amap" | "ip" = "amap",
  ) {}
  async locate(ip: string) {
    this.asked.push(ip);
    return this.answer;
  }
}

describe("GET /api/geo/city", () => {
  async function detect(provider: GeoProvider | GeoProvider[], remoteAddress = "115.236.0.1") {
    const app: FastifyInstance = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    geoRoutes(app, new GeoService(cities, Array.isArray(provider) ? provider : [provider]));
    const res = await app.inject({ method: "GET", url: "/api/geo/city", remoteAddress });
    await app.close();
    expect(res.statusCode).toBe(200);
    // The answer depends on the caller, so no shared cache may keep it.
    expect(res.headers["cache-control"]).toBe("no-store");
    return (res.json() as { code: number; data: CityDetectData }).data;
  }

  it("answers the located city with the provider's source, asking about the client IP", async () => {
    const amap = new StubProvider({ city: "上海市", province: "上海市" });
    await expect(detect(amap, "101.226.103.1")).resolves.toEqual({
      city: "上海市",
      province: "上海市",
      source: "amap",
    });
    expect(amap.asked).toEqual(["101.226.103.1"]);

    const offline = new StubProvider({ city: "上海市", province: "上海市" }, "ip");
    await expect(detect(offline)).resolves.toEqual({ city: "上海市", province: "上海市", source: "ip" });
  });

  it("matches names without the 市 suffix, and municipalities known by province only", async () => {
    await expect(detect(new StubProvider({ city: "南京", province: "江苏" }))).resolves.toEqual({
      city: "南京市",
      province: "江苏省",
      source: "amap",
    });
    await expect(detect(new StubProvider({ city: "", province: "上海" }, "ip"))).resolves.toEqual({
      city: "上海市",
      province: "上海市",
      source: "ip",
    });
  });

  it("falls back to the default city for a city the shop does not cover", async () => {
    await expect(detect(new StubProvider({ city: "成都市", province: "四川省" }))).resolves.toEqual({
      city: "杭州市",
      province: "浙江省",
      source: "default",
    });
    // A province alone is not a city, even when the shop covers one of its cities.
    await expect(detect(new StubProvider({ city: "", province: "江苏省" }))).resolves.toMatchObject({
      source: "default",
    });
  });

  it("asks the next provider when one has no covered city, and stops at the first that has", async () => {
    const amap = new StubProvider(null);
    const offline = new StubProvider({ city: "南京市", province: "江苏省" }, "ip");
    const never = new StubProvider({ city: "上海市", province: "上海市" }, "ip");
    await expect(detect([amap, offline, never])).resolves.toEqual({ city: "南京市", province: "江苏省", source: "ip" });
    expect(amap.asked).toHaveLength(1);
    expect(never.asked).toEqual([]);
  });

  it("keeps a network's location a short while, in a bounded cache: an IPv6 /64 is one network", async () => {
    let nowMs = 0;
    const located = new StubProvider({ city: "上海市", province: "上海市" });
    const geo = new GeoService(cities, [located], { ttlMs: 60_000, maxEntries: 2, now: () => nowMs });
    await geo.detectCity("2001:db8:1:2::1");
    await geo.detectCity("2001:db8:1:2:ffff::9");
    expect(located.asked).toEqual(["2001:db8:1:2::1"]);
    nowMs = 60_000; // stale: asked again
    await geo.detectCity("2001:db8:1:2::3");
    expect(located.asked).toHaveLength(2);
    // Two more networks push the oldest out.
    await geo.detectCity("203.0.113.1");
    await geo.detectCity("198.51.100.1");
    await geo.detectCity("2001:db8:1:2::4");
    expect(located.asked).toEqual([
      "2001:db8:1:2::1",
      "2001:db8:1:2::3",
      "203.0.113.1",
      "198.51.100.1",
      "2001:db8:1:2::4",
    ]);
  });

  it("falls back to the default city when nothing is detected", async () => {
    await expect(detect(new StubProvider(null))).resolves.toEqual({
      city: "杭州市",
      province: "浙江省",
      source: "default",
    });
  });
});

describeEachBackend("GET /api/geo/city in the app", (ctx) => {
  it("answers the seeded default city for a loopback client", async () => {
    const { status, body } = await ctx.api<CityDetectData>({
      method: "GET",
      url: "/api/geo/city",
      remoteAddress: "127.0.0.1",
    });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.data).toEqual({ city: "杭州市", province: "浙江省", source: "default" });
  });
});
