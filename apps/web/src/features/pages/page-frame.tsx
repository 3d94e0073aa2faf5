// The frame every brand and service page shares: breadcrumb, title and lead, the page's blocks, then a
// booking offer that opens the free-designer dialog (docs/product.md §2 dialogs).
import type { SitePage } from "@yj/contract";
import type { ReactNode } from "react";
import { Breadcrumb } from "../../components/breadcrumb";
import { BookingButton } from "../../components/lead-buttons";
import { PageBlocks } from "./page-blocks";
import styles from "./site-page.module.css";

export function PageFrame({ page, children }: { page: SitePage; children?: ReactNode }) {
  return (
    <article className={styles.page} data-page={page.slug}>
      <header className={styles.hero}>
        <div className="container">
          <Breadcrumb trail={[{ label: page.title }]} className={styles.crumbs} />
          <h1>{page.title}</h1>
          <p>{page.description}</p>
        </div>
      </header>
      <div className={`container ${styles.body}`}>
        {children}
        <PageBlocks blocks={page.blocks} />
        <aside className={styles.cta} aria-label="预约设计师">
          <div>
            <h2>免费上门量房，设计师一对一出方案</h2>
            <p>留下手机号，客服管家 24 小时内联系您，预约不收取任何费用。</p>
          </div>
          <BookingButton origin={page.title} className="btn" />
        </aside>
      </div>
    </article>
  );
}
