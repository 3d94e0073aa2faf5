// Detail-page gallery: the main image and clickable thumbnails (product and package screens). The
// first picture is the page's largest paint: the screen's loader preloads it (galleryPreload).
import { useState } from "react";
import { Picture, picturePreload } from "../../../components/picture";
import { GALLERY_SIZES, GALLERY_THUMB_SIZES } from "../../../components/picture-sizes";
import styles from "./gallery.module.css";

export const GALLERY_SIZE = 800;
const THUMB_SIZE = 80;

export function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const shown = images[Math.min(index, images.length - 1)];
  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        {shown ? (
          <Picture
            src={shown}
            alt={name}
            width={GALLERY_SIZE}
            height={GALLERY_SIZE}
            sizes={GALLERY_SIZES}
            loading="lcp"
          />
        ) : (
          <div className={styles.none} aria-hidden>
            暂无图片
          </div>
        )}
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="商品图片">
          {images.map((src, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same image may appear twice
            <li key={`${i}-${src}`}>
              <button
                type="button"
                className={i === index ? styles.thumbActive : styles.thumb}
                aria-label={`查看第 ${i + 1} 张图片`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                onMouseEnter={() => setIndex(i)}
              >
                <Picture src={src} alt={name} width={THUMB_SIZE} height={THUMB_SIZE} sizes={GALLERY_THUMB_SIZES} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A goods' or package's gallery: its pictures, or its cover when it has none. */
export function galleryImages(goods: { images: readonly string[]; cover: string }): readonly string[] {
  return goods.images.length ? goods.images : [goods.cover];
}

/** The head's preload of the gallery's first picture, the one shown first. */
export function galleryPreload(images: readonly string[]) {
  return picturePreload(images[0], GALLERY_SIZES);
}
