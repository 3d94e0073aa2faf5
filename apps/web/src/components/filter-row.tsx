// One row of a list's filters: a label (分类, 排序, 阶段, 风格 …) and its choices as links, so every
// filtered or sorted list has its own URL (kept-alive, shareable, crawlable, working without
// JavaScript). Shared by the category and search screens and the content lists.
import type { ReactNode } from "react";
import { AppLink } from "./app-link";
import styles from "./filter-row.module.css";

export interface FilterChoice {
  key: string | number;
  label: string;
  to: string;
  active: boolean;
}

/**
 * `kind` "category" draws chips that narrow the list to a page of its own (aria-current="page");
 * "filter" draws the same chips for a content list's filter; "sort" draws plain tabs that search
 * engines skip.
 */
export function FilterRow({
  label,
  kind,
  choices,
}: {
  label: string;
  kind: "category" | "filter" | "sort";
  choices: readonly FilterChoice[];
}) {
  const [normal, active] = kind === "sort" ? [styles.sort, styles.sortActive] : [styles.chip, styles.chipActive];
  return (
    <nav aria-label={label} className={styles.filterRow}>
      <span className={styles.filterLabel}>{label}</span>
      <ul>
        {choices.map((c) => (
          <li key={c.key}>
            <AppLink
              to={c.to}
              className={c.active ? active : normal}
              aria-current={c.active ? (kind === "category" ? "page" : "true") : undefined}
              rel={kind === "sort" ? "nofollow" : undefined}
            >
              {c.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The filter rows' frame. */
export function Filters({ children }: { children: ReactNode }) {
  return <div className={styles.filters}>{children}</div>;
}
