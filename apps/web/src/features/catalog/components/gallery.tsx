// Detail-page gallery: the main image and clickable thumbnails (product and package screens).
import { useState } from "react";
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
          <img src={shown} alt={name} width={GALLERY_SIZE} height={GALLERY_SIZE} fetchPriority="high" />
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
                <img src={src} alt={name} width={THUMB_SIZE} height={THUMB_SIZE} decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
