// One filter of a content list (阶段, 风格, 户型 …) as a row of links: each filtered list has its own URL, so
// filters work without JavaScript, can be shared and are crawlable. The active choice is marked.
import { Link } from "react-router";
import styles from "./filter-chips.module.css";

export interface Chip {
  key: string;
  label: string;
  to: string;
  active: boolean;
}

export function FilterChips({ label, chips }: { label: string; chips: readonly Chip[] }) {
  return (
    <nav aria-label={label} className={styles.row}>
      <span className={styles.label}>{label}</span>
      <ul>
        {chips.map((c) => (
          <li key={c.key}>
            <Link
              to={c.to}
              className={c.active ? styles.active : styles.chip}
              aria-current={c.active ? "true" : undefined}
            >
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function FilterPanel({ children }: { children: React.ReactNode }) {
  return <div className={styles.panel}>{children}</div>;
}
