// A page's blocks as elements: text only through React (never raw HTML), links only to this site's paths.
import type { SitePageBlock } from "@yj/contract";
import { Picture } from "../../components/picture";
import { PAGE_BLOCK_SIZES } from "../../components/picture-sizes";
import { StoredLink, storedImageSrc } from "../../components/stored-link";
import styles from "./site-page.module.css";

const LIST_TONE = {
  included: { className: styles.included, mark: "✓" },
  excluded: { className: styles.excluded, mark: "✕" },
  plain: { className: styles.plain, mark: "·" },
} as const;

function Block({ block }: { block: SitePageBlock }) {
  switch (block.kind) {
    case "heading":
      return <h2 className={styles.heading}>{block.text}</h2>;
    case "paragraph":
      return <p className={styles.paragraph}>{block.text}</p>;
    case "image":
      // A picture whose stored address is not one this site may show is left out (stored-link.tsx).
      if (!storedImageSrc(block.src)) return null;
      return (
        <figure className={styles.figure}>
          <Picture src={block.src} alt={block.caption} width={1200} height={675} sizes={PAGE_BLOCK_SIZES} />
          <figcaption>{block.caption}</figcaption>
        </figure>
      );
    // Steps and features are both titled items; steps are numbered.
    case "steps":
    case "features": {
      const numbered = block.kind === "steps";
      const List = numbered ? "ol" : "ul";
      return (
        <List className={numbered ? styles.steps : styles.features}>
          {block.items.map((item, i) => (
            <li key={item.title}>
              {numbered && (
                <span className={styles.stepNo} aria-hidden>
                  {String(i + 1).padStart(2, "0")}
                </span>
              )}
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </List>
      );
    }
    case "figures":
      return (
        <dl className={styles.figures}>
          {block.items.map((figure) => (
            <div key={figure.label}>
              <dt>{figure.value}</dt>
              <dd>{figure.label}</dd>
            </div>
          ))}
        </dl>
      );
    case "list": {
      const tone = LIST_TONE[block.tone];
      return (
        <section className={`${styles.list} ${tone.className}`} aria-label={block.title}>
          <h3>{block.title}</h3>
          <ul>
            {block.items.map((item) => (
              <li key={item}>
                <span aria-hidden>{tone.mark}</span>
                {item}
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case "link":
      return (
        <p className={styles.more}>
          <StoredLink to={block.to}>{block.text} ›</StoredLink>
        </p>
      );
  }
}

/** Consecutive lists (e.g. included and excluded) sit side by side on wide screens. */
export function PageBlocks({ blocks }: { blocks: readonly SitePageBlock[] }) {
  const groups: SitePageBlock[][] = [];
  for (const block of blocks) {
    const last = groups.at(-1);
    if (block.kind === "list" && last?.[0]?.kind === "list") last.push(block);
    else groups.push([block]);
  }
  return (
    <div className={styles.blocks}>
      {groups.map((group, i) =>
        group.length > 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; their order is the page's
          <div key={i} className={styles.lists}>
            {group.map((block, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <Block key={j} block={block} />
            ))}
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Block key={i} block={group[0]!} />
        ),
      )}
    </div>
  );
}
