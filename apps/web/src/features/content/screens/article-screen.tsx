import { type ArticleBlock, type ArticleDetail, ArticleType, articlePath, FavoriteKind } from "@yj/contract";
import { useId, useState } from "react";
import type { LoaderFunctionArgs } from "react-router";
import { Breadcrumb } from "../../../components/breadcrumb";
import { BookingButton } from "../../../components/lead-buttons";
import { Picture, picturePreload } from "../../../components/picture";
import { ARTICLE_COLUMN_SIZES, CASE_GALLERY_SIZES, CASE_THUMB_SIZES } from "../../../components/picture-sizes";
import { storedImageSrc } from "../../../components/stored-link";
import { formatDate } from "../../../lib/format";
import { orNotFound, routeId } from "../../../lib/not-found";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { useRouteDetail } from "../../../lib/route-detail";
import { FavoriteButton } from "../../../session/favorite-button";
import { articleDetailQuery } from "../api/article-queries";
import { ArticleGrid, COVER_HEIGHT, COVER_WIDTH } from "../components/article-card";
import { caseFacts } from "../components/article-facts";
import styles from "./article-screen.module.css";

const NOT_FOUND = "文章不存在或已删除";
const DESCRIPTION_LENGTH = 120;
/** The demo's body images are 1200 × 675. */
const IMAGE_WIDTH = 1200;
const IMAGE_HEIGHT = 675;

const isCase = (a: Pick<ArticleDetail, "type">) => a.type === ArticleType.CASE;

/**
 * The head's schema.org Article (headline, image, datePublished, author, description). URLs are paths on
 * this site, made absolute by the head with the public origin (RouteMeta).
 */
export function articleJsonLd(a: ArticleDetail, pagePath: string): Record<string, unknown> {
  const images = [a.cover, ...a.content.flatMap((b) => (b.kind === "image" ? [b.src] : []))].filter(storedImageSrc);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: a.title,
    image: images,
    datePublished: a.publishedAt,
    author: { "@type": "Person", name: a.designer ?? a.author },
    description: a.summary,
    mainEntityOfPage: pagePath,
  };
}

export async function loader({ params }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const id = routeId(params.id, NOT_FOUND);
  const article = await orNotFound(ctx.queryClient.ensureQueryData(articleDetailQuery(ctx.api, id)), NOT_FOUND);
  const pagePath = articlePath(article.id);
  return {
    title: article.title,
    description: article.summary.slice(0, DESCRIPTION_LENGTH),
    canonical: pagePath,
    ogImage: article.cover,
    jsonLd: [articleJsonLd(article, pagePath)],
    // The largest paint: a case's gallery opens on its first photo, a guide shows its cover (docs/decisions/0060).
    preloadImage: isCase(article)
      ? picturePreload(casePhotos(article)[0]?.src, CASE_GALLERY_SIZES)
      : picturePreload(article.cover, ARTICLE_COLUMN_SIZES),
  };
}

/** A case's photos: the cover and its image blocks, leaving out any address this site may not show (stored-link.tsx). */
function casePhotos(a: ArticleDetail): { src: string; caption: string }[] {
  return [
    { src: a.cover, caption: a.title },
    ...a.content.flatMap((b) => (b.kind === "image" ? [{ src: b.src, caption: b.caption }] : [])),
  ].filter((p) => storedImageSrc(p.src));
}

export default function ArticleScreen() {
  const article = useRouteDetail(articleDetailQuery);
  if (!article) return null; // the loader has fetched it (or answered 404)
  return <Article key={article.id} article={article} />;
}

function Article({ article: a }: { article: ArticleDetail }) {
  const uid = useId();
  const kase = isCase(a);
  const list = kase ? { label: "装修案例", to: "/case" } : { label: "装修攻略", to: "/decorate-strategy" };
  const origin = kase ? "案例详情" : "攻略详情";
  return (
    <div className={`container ${styles.screen}`}>
      <Breadcrumb trail={[list, { label: a.title }]} />
      <article aria-labelledby={`${uid}title`} className={styles.article}>
        <header className={kase ? styles.head : `${styles.head} ${styles.narrow}`}>
          <h1 id={`${uid}title`} className={styles.title}>
            {a.title}
          </h1>
          <p className={styles.meta}>
            {a.tagName && <span className={styles.tag}>{a.tagName}</span>}
            <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
            {a.author && <span>{a.author}</span>}
            <span>{a.views} 次阅读</span>
          </p>
          {!kase && <FavoriteButton id={a.id} type={FavoriteKind.ARTICLE} className={`btn btn-ghost ${styles.fav}`} />}
        </header>

        {kase ? (
          <div className={styles.caseTop}>
            <CaseGallery article={a} />
            <aside className={styles.factsBox} aria-label="案例信息">
              <dl className={styles.facts}>
                {caseFacts(a).map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
              <div className={styles.actions}>
                <BookingButton origin={origin} className="btn">
                  免费预约设计师
                </BookingButton>
                <FavoriteButton id={a.id} type={FavoriteKind.ARTICLE} className={`btn btn-ghost ${styles.fav}`} />
              </div>
            </aside>
          </div>
        ) : (
          <div className={styles.cover}>
            <Picture
              src={a.cover}
              alt={a.title}
              width={COVER_WIDTH}
              height={COVER_HEIGHT}
              sizes={ARTICLE_COLUMN_SIZES}
              loading="lcp"
            />
          </div>
        )}

        <div className={styles.body}>
          {/* A case's pictures are in its gallery; a guide's stay where the author put them. */}
          <ArticleBody blocks={kase ? a.content.filter((b) => b.kind !== "image") : a.content} />
        </div>
      </article>

      <section className={styles.cta} aria-label="免费设计">
        <div>
          <h2>{kase ? "想要同款设计？" : "装修有疑问？"}</h2>
          <p>设计师免费上门量房，出平面方案和预算清单</p>
        </div>
        <BookingButton origin={origin} className="btn" />
      </section>

      {a.related.length > 0 && (
        <section className={styles.related} aria-labelledby={`${uid}related`}>
          <h2 id={`${uid}related`} className={styles.relatedTitle}>
            {kase ? "相关案例" : "相关攻略"}
          </h2>
          <ArticleGrid
            items={a.related}
            kind={kase ? "case" : "guide"}
            label={kase ? "相关案例" : "相关攻略"}
            eagerCount={0}
            columns={4}
          />
        </section>
      )}
    </div>
  );
}

/** The blocks as elements: text is text, so nothing in an article can inject markup. */
export function ArticleBody({ blocks }: { blocks: readonly ArticleBlock[] }) {
  return (
    <>
      {blocks.map((b, i) =>
        b.kind === "heading" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are an ordered list without ids
          <h2 key={i}>{b.text}</h2>
        ) : b.kind === "paragraph" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are an ordered list without ids
          <p key={i}>{b.text}</p>
        ) : !storedImageSrc(b.src) ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are an ordered list without ids
          <figure key={i}>
            <Picture
              src={b.src}
              alt={b.caption}
              width={IMAGE_WIDTH}
              height={IMAGE_HEIGHT}
              sizes={ARTICLE_COLUMN_SIZES}
            />
            {b.caption && <figcaption>{b.caption}</figcaption>}
          </figure>
        ),
      )}
    </>
  );
}

/** The case's photos: the cover and its image blocks, one large with the others as thumbnails. */
function CaseGallery({ article: a }: { article: ArticleDetail }) {
  const photos = casePhotos(a);
  const [index, setIndex] = useState(0);
  const shown = photos[Math.min(index, photos.length - 1)];
  if (!shown) return null;
  return (
    <div className={styles.gallery}>
      <figure className={styles.galleryMain}>
        <Picture
          src={shown.src}
          alt={shown.caption}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          sizes={CASE_GALLERY_SIZES}
          loading="lcp"
        />
        <figcaption>
          {shown.caption}
          <span className={styles.counter}>
            {index + 1} / {photos.length}
          </span>
        </figcaption>
      </figure>
      {photos.length > 1 && (
        <ul className={styles.thumbs} aria-label="案例图片">
          {photos.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice
            <li key={`${i}-${p.src}`}>
              <button
                type="button"
                className={i === index ? styles.thumbActive : styles.thumb}
                aria-label={`查看图片 ${i + 1}：${p.caption}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
              >
                <Picture src={p.src} alt="" width={160} height={90} sizes={CASE_THUMB_SIZES} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
