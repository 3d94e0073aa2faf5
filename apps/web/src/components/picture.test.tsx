import { render } from "@testing-library/react";
import { IMAGE_WIDTHS, pictureVariants } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { Picture, picturePreload } from "./picture";
import { BANNER_SIZES, GALLERY_SIZES, GOODS_CARD_SIZES } from "./picture-sizes";

const HASH = "0123456789abcdef01234567";
/** An upload made since ADR 0060: AVIF and WebP at each width. */
const NEW_GOODS = `/media/goods-${HASH}-avif-800.webp`;
/** An upload made before it (ADR 0037): WebP only. */
const OLD_GOODS = `/media/goods-${HASH}-800.webp`;
const DRAWING = "/media/goods-12-1.svg";

const draw = (el: React.ReactElement) => render(el).container;

describe("pictureVariants (the naming rule)", () => {
  it("reads an upload's widths and formats from any of its URLs", () => {
    const v = pictureVariants(`/media/banner-${HASH}-avif-960.avif`)!;
    expect(v.widths).toEqual(IMAGE_WIDTHS.banner);
    expect(v.formats).toEqual(["avif", "webp"]);
    expect(v.url(1920, "webp")).toBe(`/media/banner-${HASH}-avif-1920.webp`);
    expect(pictureVariants(OLD_GOODS)?.formats).toEqual(["webp"]);
  });

  it("is null for a drawing, a width the pipeline never made, a foreign address", () => {
    expect(pictureVariants(DRAWING)).toBeNull();
    expect(pictureVariants(`/media/goods-${HASH}-801.webp`)).toBeNull();
    expect(pictureVariants(`https://cdn.example.cn/media/goods-${HASH}-800.webp`)).toBeNull();
    expect(pictureVariants(`/media/goods-${HASH}-800.png`)).toBeNull();
  });
});

describe("Picture", () => {
  it("offers a new upload as AVIF and WebP over every stored width, with the box's sizes", () => {
    const root = draw(<Picture src={NEW_GOODS} alt="沙发" width={400} height={400} sizes={GOODS_CARD_SIZES} />);
    const sources = root.querySelectorAll("picture > source");
    expect(sources).toHaveLength(1);
    expect(sources[0]!.getAttribute("type")).toBe("image/avif");
    expect(sources[0]!.getAttribute("srcset")).toBe(
      `/media/goods-${HASH}-avif-400.avif 400w, /media/goods-${HASH}-avif-800.avif 800w`,
    );
    expect(sources[0]!.getAttribute("sizes")).toBe(GOODS_CARD_SIZES);
    const img = root.querySelector("picture > img")!;
    expect(img.getAttribute("srcset")).toBe(
      `/media/goods-${HASH}-avif-400.webp 400w, /media/goods-${HASH}-avif-800.webp 800w`,
    );
    expect(img.getAttribute("src")).toBe(NEW_GOODS);
    expect(img.getAttribute("sizes")).toBe(GOODS_CARD_SIZES);
    expect(img.getAttribute("alt")).toBe("沙发");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["400", "400"]);
  });

  it("offers an upload made before AVIF as WebP only: no source that does not exist", () => {
    const root = draw(<Picture src={OLD_GOODS} alt="" width={400} height={400} sizes={GOODS_CARD_SIZES} />);
    expect(root.querySelector("picture")).toBeNull();
    expect(root.querySelector("source")).toBeNull();
    expect(root.querySelector("img")!.getAttribute("srcset")).toBe(
      `/media/goods-${HASH}-400.webp 400w, /media/goods-${HASH}-800.webp 800w`,
    );
    expect(root.innerHTML).not.toContain(".avif");
  });

  it("draws a demo drawing (SVG) as one file in its box, with no srcset", () => {
    const img = draw(
      <Picture src={DRAWING} alt="示意图" width={800} height={800} sizes={GALLERY_SIZES} />,
    ).querySelector("img")!;
    expect(img.getAttribute("src")).toBe(DRAWING);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["800", "800"]);
  });

  it("fetches the largest paint first and everything else lazily", () => {
    const lcp = draw(<Picture src={NEW_GOODS} alt="" width={800} height={800} sizes={GALLERY_SIZES} loading="lcp" />);
    const first = lcp.querySelector("img")!;
    expect(first.getAttribute("fetchpriority")).toBe("high");
    expect(first.hasAttribute("loading")).toBe(false);
    const rest = draw(<Picture src={DRAWING} alt="" width={400} height={400} sizes={GOODS_CARD_SIZES} />).querySelector(
      "img",
    )!;
    expect(rest.getAttribute("loading")).toBe("lazy");
    expect(rest.getAttribute("decoding")).toBe("async");
    expect(rest.hasAttribute("fetchpriority")).toBe(false);
  });

  it("draws nothing for an address this site may not show", () => {
    const root = draw(<Picture src="javascript:alert(1)" alt="" width={1} height={1} sizes="1px" />);
    expect(root.innerHTML).toBe("");
  });
});

describe("picturePreload and the head", () => {
  it("preloads what the <picture> picks: its first format, widths and sizes, with the type", () => {
    expect(picturePreload(`/media/banner-${HASH}-avif-1920.webp`, BANNER_SIZES)).toEqual({
      href: `/media/banner-${HASH}-avif-1920.avif`,
      srcSet: `/media/banner-${HASH}-avif-960.avif 960w, /media/banner-${HASH}-avif-1920.avif 1920w`,
      sizes: BANNER_SIZES,
      type: "image/avif",
    });
    expect(picturePreload(OLD_GOODS, GALLERY_SIZES)?.type).toBe("image/webp");
    expect(picturePreload(DRAWING, GALLERY_SIZES)).toEqual({ href: DRAWING });
    expect(picturePreload(undefined, GALLERY_SIZES)).toBeUndefined();
  });
});
