// The head of the guide and case lists: where the visitor is, the list's name and what it holds now.
import type { ReactNode } from "react";
import { Breadcrumb } from "../../../components/breadcrumb";
import styles from "./content-list.module.css";

export function ContentListHead({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <>
      <Breadcrumb trail={[{ label: title }]} />
      <header className={styles.head}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
      </header>
    </>
  );
}
