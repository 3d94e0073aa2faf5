// The cards of the guide and case lists (and of related articles): a guide shows its cover, title, summary,
// stage tag and date; a case its photo, title and facts.

import type { ArticleListItem } from "@yj/contract";
import { articlePath } from "@yj/contract";
import type { ReactNode } from "react";
import { AppLink } from "../../../components/app-link";
import { Picture } from "../../../components/picture";
import { CARD_GRID_4_SIZES, CARD_GRID_SIZES } from "../../../components/picture-sizes";
import { WholeNumbers } from "../../../components/whole-numbers";
import { formatDate } from "../../../lib/format";
import styles from "./article-card.module.css";
import { caseFacts, formatBudget } from "./article-facts";

/** The demo covers are 750 × 420; the box keeps that ratio so nothing shifts while they load. */
export const COVER_WIDTH = 750;
export const COVER_HEIGHT = 420;

/** `sizes`: the width of the grid column the card sits in (picture-sizes.ts). */
type CardProps = { article: ArticleListItem; eager?: boolean; sizes?: string };

/** What both cards share: the link to the article and its cover (with an optional badge on it). */
function ArticleCardFrame({
  article: a,
  eager,
  sizes = CARD_GRID_SIZES,
  badge,
  children,
}: CardProps & { badge?: ReactNode; children: ReactNode }) {
  return (
    <article className={styles.card}>
      <AppLink to={articlePath(a.id)} className={styles.link}>
        <div className={styles.cover}>
          <Picture
            src={a.cover}
            alt={a.title}
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            sizes={sizes}
            loading={eager ? "eager" : "lazy"}
          />
          {badge}
        </div>
        <div className={styles.body}>
          <h2 className={styles.title}>
            <WholeNumbers text={a.title} />
          </h2>
          {children}
        </div>
      </AppLink>
    </article>
  );
}

export function GuideCard({ article: a, eager = false, sizes }: CardProps) {
  return (
    <ArticleCardFrame article={a} eager={eager} sizes={sizes}>
      {a.summary && <p className={styles.summary}>{a.summary}</p>}
      <p className={styles.meta}>
        {a.tagName && <span className={styles.tag}>{a.tagName}</span>}
        <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
      </p>
    </ArticleCardFrame>
  );
}

export function CaseCard({ article: a, eager = false, sizes }: CardProps) {
  const facts = caseFacts(a).filter((f) => f.label !== "设计师" && f.label !== "造价");
  const badge = a.budget ? <span className={styles.badge}>{formatBudget(a.budget)}</span> : null;
  return (
    <ArticleCardFrame article={a} eager={eager} sizes={sizes} badge={badge}>
      <ul className={styles.facts} aria-label="案例信息">
        {facts.map((f) => (
          <li key={f.label}>{f.value}</li>
        ))}
      </ul>
      {a.designer && <p className={styles.meta}>设计师 {a.designer}</p>}
    </ArticleCardFrame>
  );
}

/** A card list; placeholders of the same shape while the first page loads. */
export function ArticleGrid({
  items,
  kind,
  label,
  eagerCount = 3,
  columns = 3,
}: {
  items: readonly ArticleListItem[];
  kind: "guide" | "case";
  label: string;
  eagerCount?: number;
  /** Columns on wide screens: 3 for lists, 4 for the related row under a detail. */
  columns?: 3 | 4;
}) {
  const Card = kind === "guide" ? GuideCard : CaseCard;
  return (
    <ul className={columns === 4 ? `${styles.grid} ${styles.grid4}` : styles.grid} aria-label={label}>
      {items.map((a, i) => (
        <li key={a.id}>
          <Card article={a} eager={i < eagerCount} sizes={columns === 4 ? CARD_GRID_4_SIZES : CARD_GRID_SIZES} />
        </li>
      ))}
    </ul>
  );
}

export function ArticleGridPlaceholder({ count = 6 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className={styles.placeholder} />
      ))}
    </ul>
  );
}
