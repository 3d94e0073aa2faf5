// Where a page sits: 首页 / … / this page. Every crumb but the last is a link; the last is the page.
import { AppLink } from "./app-link";
import styles from "./breadcrumb.module.css";

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

/** `trail` is everything after 首页. */
export function Breadcrumb({ trail, className }: { trail: Crumb[]; className?: string }) {
  const crumbs: Crumb[] = [{ label: "首页", to: "/" }, ...trail];
  return (
    <nav aria-label="面包屑" className={className ? `${styles.breadcrumb} ${className}` : styles.breadcrumb}>
      <ol>
        {crumbs.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a crumb's place is its identity (labels may repeat)
          <li key={i}>{c.to ? <AppLink to={c.to}>{c.label}</AppLink> : <span aria-current="page">{c.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
