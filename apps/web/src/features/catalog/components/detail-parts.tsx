// Parts shared by the product and package detail screens: breadcrumb, parameter table, description.
import type { GoodsDetail } from "@yj/contract";
import { Link } from "react-router";
import { categoryHref } from "../../../lib/category-routes";
import detail from "./detail.module.css";

/** Breadcrumb links: level 1 and 2 open their listing, level 3 its parent's listing with the tab chosen. */
export function crumbHref(path: GoodsDetail["categoryPath"], index: number): string {
  const c = path[index]!;
  const parent = path[index - 1];
  return index >= 2 && parent ? categoryHref(parent.id, c.id) : categoryHref(c.id);
}

export function DetailBreadcrumb({ goods }: { goods: Pick<GoodsDetail, "categoryPath" | "name"> }) {
  return (
    <nav aria-label="面包屑" className={detail.breadcrumb}>
      <ol>
        <li>
          <Link to="/">首页</Link>
        </li>
        {goods.categoryPath.map((c, i) => (
          <li key={c.id}>
            <Link to={crumbHref(goods.categoryPath, i)}>{c.content}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{goods.name}</span>
        </li>
      </ol>
    </nav>
  );
}

export function ParamsTable({ params }: { params: GoodsDetail["params"] }) {
  if (params.length === 0) return null;
  return (
    <table className={detail.params}>
      <tbody>
        {params.map((p) => (
          <tr key={p.name}>
            <th scope="row">{p.name}</th>
            <td>{p.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Description({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return <p className={detail.muted}>暂无介绍</p>;
  return (
    <div className={detail.description}>
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
