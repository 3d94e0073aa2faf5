// The quote's result (docs/product.md §3 both response readings): full and half package in yuan, every
// part, what the figure assumed, and that the final price comes after an on-site measurement (量房).
import { type EstimateData, type EstimateLine, Messages } from "@yj/contract";
import { formatPrice } from "../../lib/format";
import styles from "./estimate.module.css";
import { type EstimateForm, extrasComment } from "./lead-rules";

const NAMED_PARTS = [
  ["mainMaterialPrice", "主材"],
  ["auxiliaryMaterialPrice", "辅材"],
  ["laborCost", "人工"],
  ["projectManagementFee", "项目管理"],
  ["designFee", "设计"],
  ["softPrice", "软装"],
  ["jdPrice", "家电"],
] as const;

/** The list of named parts (reading 2); the separate fields (reading 1) when the list is missing. */
function partsOf(data: EstimateData) {
  if (data.parts?.length) return data.parts;
  return NAMED_PARTS.map(([key, name]) => ({ name, amount: data[key] })).filter((p) => p.amount > 0);
}

/** "¥1,154/㎡ × 120㎡" or "¥3,800/间 × 4间": what a reader multiplies to get the line's amount. */
export function lineSum(line: EstimateLine): string {
  return `${formatPrice(line.rateCents)}/${line.unit} × ${line.quantity}${line.unit}`;
}

/** The itemised 全包 (docs/decisions/0052): each line's rate × quantity, and the lines' sum, the total. */
function Lines({ lines, total }: { lines: EstimateLine[]; total: number }) {
  return (
    <table className={styles.lines} data-testid="estimate-lines">
      <caption className={styles.subtitle}>全包计算明细</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.name}>
            <th scope="row">{line.name}</th>
            <td className={styles.sum}>{lineSum(line)}</td>
            <td>{formatPrice(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">合计</th>
          <td className={styles.sum}>以上各项相加</td>
          <td>{formatPrice(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function EstimateResult({
  data,
  form,
  onRecalculate,
}: {
  data: EstimateData;
  form: EstimateForm;
  onRecalculate(): void;
}) {
  // What the server says it assumed (its rates' city, the 全包 price per ㎡), when it says so.
  const basis: Partial<EstimateData["basis"]> | undefined = data.basis;
  const parts = partsOf(data);
  return (
    <div className={styles.result}>
      <div className={styles.totals}>
        <div>
          <span>全包预估</span>
          <strong className="price" data-testid="estimate-total">
            {formatPrice(data.totalPackagePrice)}
          </strong>
        </div>
        <div>
          <span>半包预估</span>
          <strong data-testid="estimate-half">{formatPrice(data.halfPackagePrice)}</strong>
        </div>
      </div>
      {data.lines?.length ? <Lines lines={data.lines} total={data.totalPackagePrice} /> : null}
      <table className={styles.parts}>
        <caption className={data.lines?.length ? styles.subtitle : "visually-hidden"}>全包费用构成</caption>
        <tbody>
          {parts.map((p) => (
            <tr key={p.name}>
              <th scope="row">{p.name}</th>
              <td>{formatPrice(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className={styles.subtitle}>报价依据</h3>
      <ul className={styles.basis}>
        <li>
          {form.province} {form.city}，建筑面积 {form.area}㎡，{form.room}室{form.hall}厅{form.wei}卫
        </li>
        <li>软装与家电：{extrasComment(form.isSoft, form.isElectric)}</li>
        {basis?.hardCentsPerM2 ? (
          <li data-testid="estimate-basis">
            按{basis.city ?? form.city}硬装全包单价 {formatPrice(basis.hardCentsPerM2)}/㎡ 计算（与标准化硬装页一致），
            另按间计入卧室、客厅、卫生间{form.isSoft || form.isElectric ? "及所选软装、家电" : ""}
            {basis.fallback ? "（该城市暂无单独报价，参考默认城市）" : ""}
          </li>
        ) : null}
        <li>
          半包含辅材、人工、项目管理与设计，不含主材、软装与家电
          {basis?.halfCentsPerM2 ? `（硬装半包单价 ${formatPrice(basis.halfCentsPerM2)}/㎡，另加各房间人工）` : ""}
        </li>
      </ul>
      <p className={styles.measure}>以上为在线估算，最终价格以设计师上门量房后出具的报价为准；客服将尽快与您联系。</p>
      <button type="button" className="btn btn-ghost" onClick={onRecalculate}>
        {Messages.quoteRecalculate}
      </button>
    </div>
  );
}
