// SKU buttons of a detail page: one per SKU, out-of-stock ones disabled and marked "缺货".
// Specs read "色号:鱼肚白 / 表面:柔光": when every SKU names the same axes, the axes become the legend
// and the buttons show only the values.
import type { GoodsSku } from "@yj/contract";
import styles from "./sku-chooser.module.css";

interface Parsed {
  axes: string[];
  values: string[];
}

function parseSpec(spec: string): Parsed {
  const parts = spec.split(/\s*\/\s*/).map((p) => p.split(/[:：]/));
  if (parts.some((p) => p.length !== 2)) return { axes: [], values: [spec] };
  return { axes: parts.map((p) => p[0]!.trim()), values: parts.map((p) => p[1]!.trim()) };
}

/** The legend and each SKU's button text. */
export function skuLabels(skus: readonly GoodsSku[]): { legend: string; labels: string[] } {
  const parsed = skus.map((s) => parseSpec(s.spec));
  const axes = parsed[0]?.axes ?? [];
  const shared = axes.length > 0 && parsed.every((p) => p.axes.join("/") === axes.join("/"));
  return shared
    ? { legend: axes.join(" / "), labels: parsed.map((p) => p.values.join(" / ")) }
    : { legend: "规格", labels: skus.map((s) => s.spec) };
}

/** The SKU chosen at first: the first one in stock. */
export function firstAvailable(skus: readonly GoodsSku[]): GoodsSku | undefined {
  return skus.find((s) => s.stock > 0) ?? skus[0];
}

export function SkuChooser({
  skus,
  value,
  onChange,
}: {
  skus: readonly GoodsSku[];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  if (skus.length === 0) return null;
  const { legend, labels } = skuLabels(skus);
  return (
    <fieldset className={styles.skus}>
      <legend>{legend}</legend>
      <div className={styles.list}>
        {skus.map((s, i) => {
          const out = s.stock <= 0;
          return (
            <button
              type="button"
              key={s.id}
              className={s.id === value ? styles.active : styles.sku}
              aria-pressed={s.id === value}
              disabled={out}
              title={out ? `${s.spec}（缺货）` : s.spec}
              onClick={() => onChange(s.id)}
            >
              {labels[i]}
              {out && <span className={styles.out}>缺货</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
