// Picture upload (ADR 0037): the type is read from the bytes, metadata is dropped, the picture comes
// back as WebP at the purpose's widths, stored with an AVIF beside each (ADR 0060) in the database and
// served by /media/:key with long caching; an upload made before AVIF still serves; refusals (not a picture, too large, no session, a role without the permission, no CSRF)
// store nothing and write no audit row; a goods row takes the uploaded picture and the storefront
// shows it at once.
import { Readable } from "node:stream";
import {
  type AdminGoodsDetail,
  AdminMessages,
  ErrorCode,
  IMAGE_WIDTHS,
  MAX_IMAGE_BYTES,
  pictureVariants,
  type UploadedImage,
} from "@yj/contract";
import { count, desc, eq, like } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, goods, mediaUploads } from "../src/db/schema.js";
import { AccountsHarness, type Session, uniqueIp } from "./accounts-fixtures.js";
import { asStaff, goodsSavePayload, newStaff, type StaffSession } from "./admin-fixtures.js";
import { describeEachBackend } from "./helper.js";

type Answer<T = unknown> = { code: number; message: string; data: T; errorCode?: number };

/** A picture with some detail (a gradient), so the encoders have something to do. */
async function picture(width: number, height: number, format: "png" | "jpeg" | "gif" | "webp") {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Artist: "拍摄者", Copyright: "secret-location" } })
    .toFormat(format)
    .toBuffer();
}

describeEachBackend("back office picture upload", (ctx) => {
  let ops: StaffSession;
  let sales: StaffSession;
  let customers: AccountsHarness;
  let customer: Session;
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    ops = await newStaff(ctx.app, ctx.database.db, "operations", "图片运营");
    sales = await newStaff(ctx.app, ctx.database.db, "sales");
    customers = await AccountsHarness.build(ctx.database);
    customer = await customers.login();
    png = await picture(1200, 900, "png");
    jpeg = await picture(2400, 1000, "jpeg");
  }, 120_000);
  afterAll(async () => {
    await customers?.close();
  });

  const upload = async (body: Buffer | string, purpose = "goods", extra: InjectOptions = {}) => {
    const res = await ctx.app.inject(
      asStaff(ops, {
        method: "POST",
        url: `/api/admin/media/upload?purpose=${purpose}`,
        payload: body,
        headers: { "content-type": "application/octet-stream" },
        ...extra,
      }),
    );
    expect(res.statusCode).toBeLessThan(500);
    return res.json() as Answer<UploadedImage>;
  };
  const stored = async () => (await ctx.database.db.select({ n: count() }).from(mediaUploads))[0]!.n;
  const audits = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;
  const served = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers, remoteAddress: uniqueIp() });

  it("takes a PNG and answers WebP at the goods widths, served with long caching and an ETag", async () => {
    const answer = await upload(png, "goods", { headers: { "content-type": "image/png" } });
    expect(answer).toMatchObject({ code: 1, message: AdminMessages.imageUploaded });
    const { data } = answer;
    expect(data.variants.map((v) => v.width)).toEqual([...IMAGE_WIDTHS.goods]);
    expect(data.variants.map((v) => v.height)).toEqual([600, 300]);
    expect(data.url).toBe(data.variants[0]!.url);
    expect(data.url).toMatch(/^\/media\/goods-[0-9a-f]{24}-avif-800\.webp$/);

    for (const variant of data.variants) {
      const res = await served(variant.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toContain("immutable");
      expect(res.rawPayload.length).toBe(variant.bytes);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: variant.width, height: variant.height });
      // The EXIF the upload carried (who, where) is gone.
      expect(meta.exif).toBeUndefined();
      const etag = String(res.headers.etag);
      expect((await served(variant.url, { "if-none-match": etag })).statusCode).toBe(304);
    }
  });

  it("stores an AVIF beside every WebP width, named so the storefront finds it from the form's URL (ADR 0060)", async () => {
    const { data } = await upload(png, "goods");
    const variants = pictureVariants(data.url)!;
    expect(variants.formats).toEqual(["avif", "webp"]);
    for (const v of data.variants) {
      expect(variants.url(v.width, "webp")).toBe(v.url);
      const res = await served(variants.url(v.width, "avif"));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/avif");
      expect(res.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "heif", compression: "av1", width: v.width, height: v.height });
      expect(meta.exif).toBeUndefined();
      // Smaller than the WebP of the same width, or there is no point in offering it.
      expect(res.rawPayload.length).toBeLessThan(v.bytes);
    }
    const rows = await ctx.database.db
      .select({ key: mediaUploads.key, contentType: mediaUploads.contentType })
      .from(mediaUploads)
      .where(like(mediaUploads.key, `${data.url.slice("/media/".length, -"-800.webp".length)}-%`));
    expect(rows.map((r) => r.contentType).sort()).toEqual(["image/avif", "image/avif", "image/webp", "image/webp"]);
  });

  it("still serves a picture uploaded before AVIF, and offers it as WebP only", async () => {
    const old = await picture(400, 400, "webp");
    const key = "goods-0123456789abcdef01234567-800.webp";
    await ctx.database.db.insert(mediaUploads).values({
      key,
      purpose: "goods",
      contentType: "image/webp",
      width: 400,
      height: 400,
      body: old,
      uploadedBy: ops.id,
      createdAt: new Date(),
    });
    const res = await served(`/media/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(pictureVariants(`/media/${key}`)?.formats).toEqual(["webp"]);
    // Its AVIF name was never made: the storefront must not ask for it.
    expect((await served(`/media/${key.replace(".webp", ".avif")}`)).statusCode).toBe(404);
  });

  it("takes a JPEG for a banner, whatever type it declares, at the banner widths", async () => {
    const { code, data } = await upload(jpeg, "banner", { headers: { "content-type": "image/png" } });
    expect(code).toBe(1);
    expect(data.variants.map((v) => [v.width, v.height])).toEqual([
      [1920, 800],
      [960, 400],
    ]);
    expect(data.url).toMatch(/^\/media\/banner-[0-9a-f]{24}-avif-1920\.webp$/);
    const res = await served(data.url);
    expect((await sharp(res.rawPayload).metadata()).format).toBe("webp");
  });

  it("never enlarges a small picture, and the same upload again gives the same address", async () => {
    const small = await picture(300, 200, "gif");
    const first = await upload(small, "store");
    expect(first.data.variants.map((v) => v.width)).toEqual([300, 300]);
    const rows = await stored();
    const again = await upload(small, "store");
    expect(again.code).toBe(1);
    expect(again.data.url).toBe(first.data.url);
    expect(await stored()).toBe(rows);
  });

  it("records who uploaded what, with the sizes, in the audit", async () => {
    const webp = await picture(900, 600, "webp");
    const { data } = await upload(webp, "article");
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "media.upload"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ staffId: ops.id, entity: "media" });
    expect(row!.staffName).toContain("图片运营");
    expect(`/media/${row!.entityId}`).toBe(data.url);
    expect(row!.after).toMatchObject({
      purpose: "article",
      source: { format: "webp", width: 900, height: 600, bytes: webp.length },
    });
    // Every stored file, AVIF and WebP at each width, with its size.
    const recorded = (row!.after as { variants: { key: string; width: number; bytes: number }[] }).variants;
    expect(recorded.filter((v) => v.key.endsWith(".webp"))).toMatchObject(
      data.variants.map((v) => ({ key: v.url.slice("/media/".length), width: v.width, bytes: v.bytes })),
    );
    expect(recorded.filter((v) => v.key.endsWith(".avif")).map((v) => v.width)).toEqual(
      data.variants.map((v) => v.width),
    );
  });

  it("refuses what is not a picture, by its content, and stores nothing", async () => {
    const [rows, records] = [await stored(), await audits()];
    const text = Buffer.from("这不是图片，只是改了扩展名的文本文件\n".repeat(20));
    const renamed = await upload(text, "goods", { headers: { "content-type": "image/png" } });
    expect(renamed).toMatchObject({ code: 0, message: AdminMessages.imageUnsupported });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect(await upload(svg, "goods", { headers: { "content-type": "image/svg+xml" } })).toMatchObject({
      code: 0,
      message: AdminMessages.imageUnsupported,
    });
    // A PNG cut short has a valid header but no picture.
    expect(await upload(png.subarray(0, Math.floor(png.length / 2)))).toMatchObject({
      code: 0,
      message: AdminMessages.imageDamaged,
    });
    expect(await upload(Buffer.alloc(0))).toMatchObject({ code: 0, message: AdminMessages.imageMissing });
    const json = await upload(JSON.stringify({ image: "x" }), "goods", {
      headers: { "content-type": "application/json" },
    });
    expect(json).toMatchObject({ code: 0, message: AdminMessages.imageUnsupported });
    const purpose = await upload(png, "avatar");
    expect(purpose.code).toBe(0);
    expect(purpose.message).toContain("图片用途无效");
    expect([await stored(), await audits()]).toEqual([rows, records]);
  });

  it("refuses a body over 8 MB with a clear message", async () => {
    const [rows, records] = [await stored(), await audits()];
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    const answer = await upload(big);
    expect(answer).toMatchObject({ code: 0, message: AdminMessages.imageTooLarge });
    // Sent without its length (a stream): stopped at the limit with the same message.
    const streamed = await upload(
      Readable.from([big.subarray(0, MAX_IMAGE_BYTES), big.subarray(MAX_IMAGE_BYTES)]) as never,
    );
    expect(streamed).toMatchObject({ code: 0, message: AdminMessages.imageTooLarge });
    expect([await stored(), await audits()]).toEqual([rows, records]);
  });

  it("refuses no session, a customer, 销售/客服 and a missing CSRF header", async () => {
    const [rows, records] = [await stored(), await audits()];
    const base: InjectOptions = {
      method: "POST",
      url: "/api/admin/media/upload?purpose=goods",
      payload: png,
      headers: { "content-type": "image/png" },
      remoteAddress: uniqueIp(),
    };
    const anonymous = (await ctx.app.inject(base)).json() as Answer;
    expect(anonymous.errorCode).toBe(ErrorCode.LOGIN_REQUIRED);
    const asCustomer = await ctx.app.inject({
      ...base,
      headers: { ...base.headers, "x-csrf-token": customer.csrf, authorization: `Bearer ${customer.token}` },
      cookies: { token: customer.token, csrf: customer.csrf },
    });
    expect((asCustomer.json() as Answer).errorCode).toBe(ErrorCode.LOGIN_REQUIRED);
    const asSales = await ctx.app.inject(asStaff(sales, base));
    expect(asSales.statusCode).toBe(403);
    expect(asSales.json()).toMatchObject({ code: 0, errorCode: ErrorCode.FORBIDDEN });
    const noCsrf = await ctx.app.inject({ ...base, cookies: { yj_staff: ops.token } });
    expect(noCsrf.statusCode).toBe(403);
    expect((noCsrf.json() as Answer).errorCode).toBe(ErrorCode.CSRF);
    expect([await stored(), await audits()]).toEqual([rows, records]);
  });

  it("a goods row takes an uploaded picture as its cover, and the storefront shows it at once", async () => {
    const GOODS_ID = 5;
    const { data: image } = await upload(png, "goods");
    const detail = (
      await ctx.app.inject(asStaff(ops, { url: `/api/admin/goods/detail?id=${GOODS_ID}`, remoteAddress: uniqueIp() }))
    ).json() as Answer<AdminGoodsDetail>;
    const save = (images: unknown) =>
      ctx.app.inject(
        asStaff(ops, {
          method: "POST",
          url: "/api/admin/goods/save",
          remoteAddress: uniqueIp(),
          payload: goodsSavePayload(detail.data, { images }),
        }),
      );
    const d = detail.data;
    const images = [image.url, ...d.images.slice(1), d.images[0]!];
    const saved = (await save(images)).json() as Answer<{ images: string[] }>;
    expect(saved.code).toBe(1);
    expect(saved.data.images).toEqual(images);
    const page = (await served(`/api/goods/mail/show?id=${GOODS_ID}`)).json() as Answer<{ images: string[] }>;
    expect(page.data.images[0]).toBe(image.url);
    const [row] = await ctx.database.db.select({ listItem: goods.listItem }).from(goods).where(eq(goods.id, GOODS_ID));
    expect(JSON.parse(row!.listItem).cover).toBe(image.url);

    // An address this shop does not serve, or not an image address at all, is refused.
    const unknown = (await save(["/media/goods-000000000000000000000000-800.webp"])).json() as Answer;
    expect(unknown).toMatchObject({ code: 0, message: AdminMessages.imageNotFound });
    const script = (await save(["javascript:alert(1)"])).json() as Answer;
    expect(script.code).toBe(0);
    expect(script.message).toContain("图片地址无效");
    const after = (await served(`/api/goods/mail/show?id=${GOODS_ID}`)).json() as Answer<{ images: string[] }>;
    expect(after.data.images).toEqual(images);
  });
});
