// Home carousel for the visitor's city (docs/product.md §4: a city change reloads the banners; §9 height 482).
import { BANNER_HEIGHT_PX, type Banner } from "@yj/contract";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Picture, picturePreload } from "../../components/picture";
import { BANNER_SIZES } from "../../components/picture-sizes";
import { StoredLink } from "../../components/stored-link";
import styles from "./banner-carousel.module.css";

const INTERVAL_MS = 5000;
/**
 * How long before its turn a slide's picture is fetched: long enough for a phone on a slow network
 * to have it when the slide comes in, and no sooner, so the page's own load has the network to itself
 * (docs/decisions/0108).
 */
const PICTURE_LEAD_MS = 3000;
/** At first only the first slide's picture is in the page. */
const FIRST_SLIDE: ReadonlySet<number> = new Set([0]);
/** The banner's picture at its widest (docs/product.md §9: 1920 × 482). */
const BANNER_WIDTH_PX = 1920;

/** The head's preload of the first slide, the home page's largest paint (docs/decisions/0060). */
export function bannerPreload(banners: readonly Banner[]) {
  return picturePreload(banners[0]?.image, BANNER_SIZES);
}

/**
 * The banner's words as HTML over the picture, so they wrap at every width instead of being cropped
 * with a picture that has them drawn in (docs/decisions/0055). A scrim under them keeps white text
 * at 4.5:1 or better over any picture. The button is a look only: the whole slide is the link.
 */
function BannerCaption({ banner }: { banner: Banner }) {
  return (
    <span className={styles.caption}>
      <span className={styles.headline} data-banner-headline>
        {banner.headline}
      </span>
      {banner.subline && <span className={styles.subline}>{banner.subline}</span>}
      {banner.buttonLabel && <span className={styles.button}>{banner.buttonLabel}</span>}
    </span>
  );
}

/**
 * Whether the element can be seen: some of it inside the viewport, in a page that is not hidden.
 * Where the browser cannot tell (no IntersectionObserver), it counts as seen.
 */
function useSeen(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true);
  const [pageShown, setPageShown] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setInView(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  useEffect(() => {
    const update = () => setPageShown(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return inView && pageShown;
}

function prefersLessMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  // The slides whose pictures are in the page. The others show their words over the carousel's
  // ground until their turn comes near: a visitor who leaves before the second slide never fetches
  // its picture, and the first slide's picture, the page's largest paint, has the network to itself
  // (docs/decisions/0108).
  const [pictured, setPictured] = useState(FIRST_SLIDE);
  const carousel = useRef<HTMLElement>(null);
  const seen = useSeen(carousel);
  const count = banners.length;
  const addPictures = useCallback(
    (slides: readonly number[]) =>
      setPictured((before) => (slides.every((s) => before.has(s)) ? before : new Set([...before, ...slides]))),
    [],
  );
  // The slide on show always has its picture, however it came to be shown.
  if (!pictured.has(index)) setPictured(new Set([...pictured, index]));

  // It turns by itself only while nobody reads it: held under the pointer or the keyboard's focus,
  // and still for a visitor who asked for less motion (WCAG 2.2.2 and 2.3.3). Scrolled out of view
  // or in a hidden tab it holds too: nobody would see it turn, and each turn costs the phone a
  // render and a slide (docs/decisions/0105).
  const turns = count > 1 && !held && seen;
  useEffect(() => {
    if (!turns || prefersLessMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, turns]);
  // The next slide's picture is fetched a little before its turn, while the carousel turns.
  useEffect(() => {
    if (!turns || prefersLessMotion()) return;
    const timer = window.setTimeout(() => addPictures([(index + 1) % count]), INTERVAL_MS - PICTURE_LEAD_MS);
    return () => window.clearTimeout(timer);
  }, [count, index, turns, addPictures]);
  // A visitor who points at the carousel or tabs into it may pick any slide by its dot.
  const pictureAll = () => addPictures(banners.map((_, i) => i));

  if (count === 0) return <div className={styles.carousel} style={{ height: BANNER_HEIGHT_PX }} />;
  return (
    <section
      ref={carousel}
      className={styles.carousel}
      style={{ "--banner-height": `${BANNER_HEIGHT_PX}px` } as React.CSSProperties}
      aria-roledescription="carousel"
      aria-label="活动推荐"
      onMouseEnter={() => {
        setHeld(true);
        pictureAll();
      }}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => {
        setHeld(true);
        pictureAll();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      <div className={styles.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((b, i) => (
          <StoredLink
            key={b.id}
            to={b.link}
            web
            className={styles.slide}
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
          >
            {pictured.has(i) && (
              <Picture
                src={b.image}
                // The words over it name the link; a banner without them lets the picture's title do so.
                alt={b.headline ? "" : b.title}
                width={BANNER_WIDTH_PX}
                height={BANNER_HEIGHT_PX}
                sizes={BANNER_SIZES}
                // The first slide is the page's largest paint: fetch it first (P6 LCP), preloaded by home's loader.
                loading={i === 0 ? "lcp" : "lazy"}
              />
            )}
            {b.headline && <BannerCaption banner={b} />}
          </StoredLink>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.dots}>
          {banners.map((b, i) => (
            <button
              type="button"
              key={b.id}
              className={i === index ? styles.dotActive : styles.dot}
              aria-label={`第 ${i + 1} 张：${b.title}`}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
