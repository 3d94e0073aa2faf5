// Favourites (docs/product.md §6, §7): goods, guides and cases; idempotent add and remove; junk input never a 5xx.
import { type ArticleListItem, ErrorCode, type FavoritesData, type GoodsListItem, Messages } from "@yj/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AccountsHarness, type Session, uniqueIp } from "./accounts-fixtures.js";
import { describeEachBackend } from "./helper.js";
import { envelopeProblem, JUNK, JUNK_STRINGS } from "./junk.js";

describeEachBackend("accounts: favourites", { app: false }, (ctx) => {
  let h: AccountsHarness;
  let goods: GoodsListItem[];
  let guide: ArticleListItem;
  let caseStudy: ArticleListItem;
  beforeAll(async () => {
    h = await AccountsHarness.build(ctx.database);
    const list = async <T>(url: string) => (await h.call<{ dataList: T[] }>({ method: "GET", url })).body.data.dataList;
    goods = await list<GoodsListItem>("/api/goods/index?pageSize=3");
    const [firstGuide] = await list<ArticleListItem>("/api/article/query_list?type=1&pageSize=1");
    const [firstCase] = await list<ArticleListItem>("/api/article/query_list?type=2&pageSize=1");
    if (goods.length < 2 || !firstGuide || !firstCase) throw new Error("the demo data lacks goods, guides or cases");
    guide = firstGuide;
    caseStudy = firstCase;
  });
  afterAll(() => h?.close());

  const add = (s: Session, id: number | string, type: number | string) =>
    h.asCustomer(s, { method: "GET", url: `/api/customers/add_favorite?id=${id}&type=${type}` });
  const remove = (s: Session, id: number | string, type: number | string) =>
    h.asCustomer(s, { method: "GET", url: `/api/customers/remove_favorite?id=${id}&type=${type}` });
  const query = async (s: Session) =>
    (await h.asCustomer<FavoritesData>(s, { method: "GET", url: "/api/customers/query_favorites" })).body;

  it("starts empty", async () => {
    const session = await h.login();
    expect(await query(session)).toEqual({
      code: 1,
      message: Messages.ok,
      data: { goods: [], article: [], example: [] },
    });
  });

  it("adds goods, a guide and a case, lists them with the catalogue's shapes, newest first", async () => {
    const session = await h.login();
    const [g1, g2] = goods as [GoodsListItem, GoodsListItem];
    for (const [id, type] of [
      [g1.id, 1],
      [guide.id, 2],
      [caseStudy.id, 2],
    ] as const) {
      const { status, body } = await add(session, id, type);
      expect([status, body]).toEqual([200, { code: 1, message: Messages.favoriteAdded, data: null }]);
      h.clock.advance(1000);
    }
    await add(session, g2.id, 1);
    const { data } = await query(session);
    expect(data.goods).toEqual([g2, g1]);
    expect(data.article).toEqual([guide]);
    expect(data.example).toEqual([caseStudy]);
  });

  it("adding twice keeps one favourite; removing is idempotent too", async () => {
    const session = await h.login();
    const [g1] = goods as [GoodsListItem];
    expect((await add(session, g1.id, 1)).body.code).toBe(1);
    expect((await add(session, g1.id, 1)).body).toMatchObject({ code: 1, message: Messages.favoriteAdded });
    expect((await query(session)).data.goods).toHaveLength(1);
    expect((await remove(session, g1.id, 1)).body).toEqual({ code: 1, message: Messages.favoriteRemoved, data: null });
    expect((await remove(session, g1.id, 1)).body).toMatchObject({ code: 1, message: Messages.favoriteRemoved });
    expect((await query(session)).data.goods).toEqual([]);
  });

  it("each customer sees only their own favourites", async () => {
    const mine = await h.login();
    const theirs = await h.login();
    await add(mine, guide.id, 2);
    expect((await query(theirs)).data.article).toEqual([]);
    await remove(theirs, guide.id, 2);
    expect((await query(mine)).data.article).toEqual([guide]);
  });

  it("refuses what does not exist", async () => {
    const session = await h.login();
    for (const [id, type] of [
      [2_000_000_000, 1],
      [2_000_000_000, 2],
    ] as const) {
      const { status, body } = await add(session, id, type);
      expect([status, body.code, body.errorCode]).toEqual([200, 0, ErrorCode.NOT_FOUND]);
    }
    expect((await query(session)).data).toEqual({ goods: [], article: [], example: [] });
  });

  it("junk in id and type answers the envelope, never a 5xx", async () => {
    const session = await h.login();
    const problems: string[] = [];
    for (const path of [
      "/api/customers/add_favorite",
      "/api/customers/remove_favorite",
      "/api/customers/query_favorites",
    ]) {
      for (const param of ["id", "type"]) {
        for (const junk of JUNK) {
          const rest = param === "id" ? "type=1" : `id=${goods[0]?.id}`;
          const url = `${path}?${rest}&${junk.fragment(param)}`;
          const res = await h.app.inject({
            method: "GET",
            url,
            // Each probe its own client, so the per-IP write limit lets every one reach the endpoint.
            remoteAddress: uniqueIp(),
            cookies: { token: session.token },
            headers: { "x-csrf-token": session.csrf },
          });
          const problem = envelopeProblem(res.statusCode, res.body);
          if (problem) problems.push(`${url.slice(0, 80)}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    for (const type of ["0", "3", "-1", "1.5", "goods"]) {
      expect((await add(session, goods[0]?.id ?? 1, type)).body.errorCode, type).toBe(ErrorCode.INVALID_INPUT);
    }
  });

  it("junk on send and login answers the envelope, never a 5xx, and sends nothing", async () => {
    const before = h.sms.sent.length;
    const problems: string[] = [];
    for (const junk of JUNK) {
      const res = await h.app.inject({
        method: "GET",
        url: `/api/customers/getVerificationCode?${junk.fragment("phone")}`,
        remoteAddress: uniqueIp(),
      });
      const problem = envelopeProblem(res.statusCode, res.body);
      if (problem) problems.push(`phone=<${junk.label}>: ${problem}`);
    }
    for (const s of JUNK_STRINGS) {
      for (const payload of [
        { mobile: s, code: "123456" },
        { mobile: "13900000000", code: s },
        { mobile: [s], code: { s } },
      ]) {
        const res = await h.app.inject({
          method: "POST",
          url: "/api/customers/register",
          payload,
          remoteAddress: uniqueIp(),
        });
        const problem = envelopeProblem(res.statusCode, res.body);
        if (problem) problems.push(`register ${JSON.stringify(payload).slice(0, 60)}: ${problem}`);
      }
    }
    for (const payload of ['{"mobile":', "null", "[]", '"x"']) {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/customers/register",
        payload,
        headers: { "content-type": "application/json" },
        remoteAddress: uniqueIp(),
      });
      const problem = envelopeProblem(res.statusCode, res.body);
      if (problem) problems.push(`register ${payload}: ${problem}`);
    }
    expect(problems).toEqual([]);
    expect(h.sms.sent.length).toBe(before);
  });
});
