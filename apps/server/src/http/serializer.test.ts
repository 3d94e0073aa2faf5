import { endpoints, envelopeOf } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RawJson } from "../lib/raw-json.js";
import { TtlCache } from "../lib/ttl-cache.js";
import { compileEnvelope, serializerCompiler } from "./serializer.js";

const Item = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.string()) });
const compiled = compileEnvelope(envelopeOf(z.array(Item)));
const serialize = (value: unknown) => compiled(value).toString();

describe("compileEnvelope", () => {
  it("writes the envelope and the data as JSON, dropping fields the schema does not declare", () => {
    const data = [{ id: 1, name: '岩板餐桌 "意式"', tags: ["新品"], secret: "x" }];
    const text = serialize({ code: 1, message: "", data });
    expect(JSON.parse(text)).toEqual({
      code: 1,
      message: "",
      data: [{ id: 1, name: '岩板餐桌 "意式"', tags: ["新品"] }],
    });
    expect(JSON.parse(serialize({ code: 0, message: "请重新登陆", data: null, errorCode: 1201 }))).toEqual({
      code: 0,
      message: "请重新登陆",
      data: null,
      errorCode: 1201,
    });
    // A refusal's data is not shaped like the route's: it is written as it is.
    expect(
      JSON.parse(serialize({ code: 0, message: "订单已支付", data: { alreadyPaid: true }, errorCode: 1100 })),
    ).toEqual({ code: 0, message: "订单已支付", data: { alreadyPaid: true }, errorCode: 1100 });
  });

  it("serializes changing data every time", () => {
    const data = [{ id: 1, name: "a", tags: [] as string[] }];
    serialize({ code: 1, message: "", data });
    data[0]!.name = "b";
    expect(JSON.parse(serialize({ code: 1, message: "", data })).data[0].name).toBe("b");
  });

  it("reuses the text of frozen (cached, shared) data", () => {
    const inner = { id: 1, name: "a", tags: [] as string[] };
    const data = Object.freeze([inner]);
    const first = serialize({ code: 1, message: "", data });
    // Only the top level is frozen; a change below it is not seen because the text is reused.
    inner.name = "b";
    expect(serialize({ code: 1, message: "", data })).toBe(first);
    // …unless the envelope around it differs.
    expect(JSON.parse(serialize({ code: 1, message: "收藏成功", data }))).toMatchObject({ message: "收藏成功" });
  });

  it("writes JSON made elsewhere (RawJson) into the envelope as it is, frozen or not", () => {
    const json = '[{"id":1,"name":"岩板餐桌","tags":["新品"]}]';
    const raw = () => new RawJson(Buffer.from(json));
    expect(serialize({ code: 1, message: "", data: raw() })).toBe(`{"code":1,"message":"","data":${json}}`);
    expect(serialize({ code: 0, message: "出错", data: raw(), errorCode: 1001 })).toBe(
      `{"code":0,"message":"出错","data":${json},"errorCode":1001}`,
    );
    // Frozen (a cached page): the same bytes are handed out again; otherwise they are made anew.
    const frozen = { code: 1, message: "", data: Object.freeze(raw()) };
    expect(compiled(frozen)).toBe(compiled(frozen));
    const fresh = { code: 1, message: "", data: raw() };
    expect(compiled(fresh)).not.toBe(compiled(fresh));
    expect(JSON.parse(serialize(frozen)).data[0].name).toBe("岩板餐桌");
  });

  it("writes RawJson's pieces, bytes and strings alike, one after another and every byte of them", () => {
    // A string piece is node-postgres's decoded value: its length in UTF-8 is not its length in characters.
    const raw = new RawJson(Buffer.from("["), '{"id":1,"name":"岩板餐桌 🪑","tags":[]}', Buffer.from(",{}"), "]");
    expect(raw.byteLength).toBe(Buffer.byteLength('[{"id":1,"name":"岩板餐桌 🪑","tags":[]},{}]'));
    const bytes = compiled({ code: 1, message: "", data: raw });
    expect(bytes.toString()).toBe('{"code":1,"message":"","data":[{"id":1,"name":"岩板餐桌 🪑","tags":[]},{}]}');
    expect(bytes.length).toBe(Buffer.byteLength(bytes.toString()));
  });

  it("compiles every endpoint's envelope: the server compiles each at the route's first answer, not at start", () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(() => compileEnvelope(envelopeOf(endpoint.data)), name).not.toThrow();
    }
  });

  it("as Fastify's serializer compiler, compiles a route's serializer once, at its first answer", () => {
    const serializer = serializerCompiler({
      schema: envelopeOf(z.array(Item)),
      method: "GET",
      url: "/x",
      httpStatus: "200",
    });
    const answer = { code: 1, message: "", data: Object.freeze([{ id: 1, name: "岩板餐桌", tags: [], extra: 1 }]) };
    expect(JSON.parse(String(serializer(answer)))).toEqual({
      code: 1,
      message: "",
      data: [{ id: 1, name: "岩板餐桌", tags: [] }],
    });
    // The same compiled serializer answers again: the frozen data's bytes, made once, are the same bytes.
    expect(serializer(answer)).toBe(serializer(answer));
  });
});

describe("TtlCache", () => {
  it("loads once within the lifetime and freezes what it keeps", async () => {
    const cache = new TtlCache(60_000);
    let loads = 0;
    const load = async () => {
      loads++;
      return { n: loads };
    };
    const a = await cache.get("k", load);
    const b = await cache.get("k", load);
    expect(b).toBe(a);
    expect(loads).toBe(1);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it("does not keep failed loads, and with a lifetime of 0 loads every time", async () => {
    const cache = new TtlCache(60_000);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => 2)).toBe(2);

    const off = new TtlCache(0);
    let loads = 0;
    await off.get("k", async () => ++loads);
    await off.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });
});
