// Every storefront picture (docs/decisions/0060). An upload is offered at each width it was stored at
// (`srcset`, with `sizes` saying how wide its box is), as AVIF where it was made and the browser takes
// it and as WebP otherwise; what the URL's name does not promise is never offered, so an upload made
// before AVIF asks for no AVIF file. Anything else — the demo's drawings, which are SVG and scale
// themselves, or an address typed by hand — is one file. The box is sized up front by width and
// height (their ratio is the box's) so nothing shifts while it loads.
import { PICTURE_CONTENT_TYPES, type PictureVariants, pictureVariants } from "@yj/contract";
import type { ImagePreload } from "../lib/image-preload";
import { storedImageSrc } from "./stored-link";

/**
 * How soon the picture is wanted: `lcp` is the page's largest paint (fetched first, preloaded by its
 * loader with picturePreload), `eager` is on the first screen, `lazy` (the default) waits until the
 * visitor scrolls near it.
 */
export type PictureLoading = "lcp" | "eager" | "lazy";

export interface PictureProps {
  /** A stored address; one this site may not show draws nothing (stored-link.tsx). */
  src: string;
  alt: string;
  /** The box's size at its largest, in CSS pixels (the ratio is what counts; CSS may scale it). */
  width: number;
  height: number;
  /** How wide the box is at each layout, as the `sizes` attribute says it (picture-sizes.ts). */
  sizes: string;
  loading?: PictureLoading;
  className?: string;
}

/** The `srcset` of one format: every stored width, smallest first. */
function srcSetOf(variants: PictureVariants, format: "avif" | "webp"): string {
  return [...variants.widths]
    .reverse()
    .map((w) => `${variants.url(w, format)} ${w}w`)
    .join(", ");
}

export function Picture({ src, alt, width, height, sizes, loading = "lazy", className }: PictureProps) {
  const safe = storedImageSrc(src);
  if (!safe) return null;
  const variants = pictureVariants(safe);
  const timing =
    loading === "lcp"
      ? ({ fetchPriority: "high" } as const)
      : loading === "eager"
        ? ({ loading: "eager", decoding: "async" } as const)
        : ({ loading: "lazy", decoding: "async" } as const);
  if (!variants) {
    return <img className={className} src={safe} alt={alt} width={width} height={height} {...timing} />;
  }
  const img = (
    <img
      className={className}
      // A browser without srcset takes the largest: the one the form keeps.
      src={variants.url(variants.widths[0]!, "webp")}
      srcSet={srcSetOf(variants, "webp")}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      {...timing}
    />
  );
  const better = variants.formats.filter((f) => f !== "webp");
  if (better.length === 0) return img;
  return (
    <picture>
      {better.map((format) => (
        <source key={format} type={PICTURE_CONTENT_TYPES[format]} srcSet={srcSetOf(variants, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/** What the document head preloads for a page's largest picture (app/document.ts writes it). */
export type { ImagePreload };

/**
 * The preload of the picture a page shows with loading "lcp": the same choice the <picture> makes —
 * its first format (AVIF where made, with its type, so only a browser that takes AVIF fetches it
 * early) over the same widths and sizes — so the browser fetches it once, not twice.
 */
export function picturePreload(src: string | undefined, sizes: string): ImagePreload | undefined {
  const safe = src ? storedImageSrc(src) : undefined;
  if (!safe) return undefined;
  const variants = pictureVariants(safe);
  if (!variants) return { href: safe };
  const format = variants.formats[0]!;
  return {
    href: variants.url(variants.widths[0]!, format),
    srcSet: srcSetOf(variants, format),
    sizes,
    type: PICTURE_CONTENT_TYPES[format],
  };
}
