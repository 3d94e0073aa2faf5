// /my-data 我的数据 (issue #26, docs/decisions/0076): everything the shop holds about the logged-in
// customer, kind by kind; downloads of all of it as JSON and as an Excel workbook (fetched with the
// session cookie and saved by the browser: no token in a URL); the correction of the saved address;
// and 注销账号, refused with its reasons while an order, a refund or a project is open.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type DataSection, type MyData, PrivacyMessages, routes } from "@yj/contract";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import type { LoaderFunctionArgs } from "react-router";
import {
  type AddressErrors,
  AddressFields,
  type AddressValues,
  addressErrors,
  EMPTY_ADDRESS,
} from "../../../components/address-fields";
import { AppLink } from "../../../components/app-link";
import { toast } from "../../../components/toast";
import { useApi } from "../../../lib/api-context";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteMeta } from "../../../lib/route-context";
import { loginPath } from "../../../session/redirect";
import { useRequireLogin } from "../../../session/require-login";
import { hasSessionCookie } from "../../../session/session";
import { CloseAccountDialog } from "../close-account-dialog";
import styles from "../my-data.module.css";

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  if (hasSessionCookie(request)) await ctx.queryClient.prefetchQuery(apiQuery(ctx.api, routes.myData));
  return { title: "我的数据" };
}

/** Saves a file made in the page under its name. */
function saveFile(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "");

/** The JSON download: the same rows the page shows, by kind (the back office's export has this shape too). */
function exportJson(data: MyData) {
  return {
    exportedAt: data.generatedAt,
    data: Object.fromEntries(data.sections.map((s) => [s.key, { title: s.title, rows: s.rows }])),
  };
}

/** Long free text (details, messages) wraps instead of widening the table. */
const LONG_COLUMNS = new Set(["details", "text", "address", "remark", "reason"]);

export default function MyDataScreen() {
  const allowed = useRequireLogin();
  const api = useApi();
  const { data, isError, refetch } = useQuery({ ...apiQuery(api, routes.myData), enabled: allowed });
  const [closing, setClosing] = useState(false);
  const workbook = useMutation({
    mutationFn: () => api.get(routes.myDataWorkbook),
    onSuccess: (file) => {
      const bytes = Uint8Array.from(atob(file.contentBase64), (c) => c.charCodeAt(0));
      saveFile(
        file.fileName,
        new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
      );
    },
    onError: (error) => toast(error.message || "下载失败，请稍后重试", "error"),
  });

  if (!allowed) {
    return (
      <div className={`container ${styles.screen}`}>
        <h1 className={styles.title}>我的数据</h1>
        <p className="empty">
          登录后查看、下载和更正您的数据。<AppLink to={loginPath("/my-data")}>去登录</AppLink>
        </p>
      </div>
    );
  }

  return (
    <div className={`container ${styles.screen}`}>
      <h1 className={styles.title}>我的数据</h1>
      {!data ? (
        isError ? (
          <div className="empty">
            数据加载失败。
            <button type="button" className="btn btn-ghost" onClick={() => void refetch()}>
              重试
            </button>
          </div>
        ) : (
          <p className="empty" aria-busy="true">
            正在加载数据…
          </p>
        )
      ) : (
        <>
          <p className={styles.intro}>
            以下是本店保存的与您的账号（{data.maskedMobile}
            ）有关的全部数据。您可以下载全部数据、更正收货地址，或注销账号。数据的用途和保存期限见
            <AppLink to="/privacy">隐私政策</AppLink>。
          </p>
          <div className={styles.downloads}>
            <button
              type="button"
              className="btn"
              onClick={() =>
                saveFile(
                  `我的数据-${stamp()}.json`,
                  new Blob([JSON.stringify(exportJson(data), null, 2)], { type: "application/json" }),
                )
              }
            >
              下载全部数据（JSON）
            </button>
            <BusyButton
              className="btn btn-ghost"
              busy={workbook.isPending}
              busyText="正在生成…"
              onClick={() => workbook.mutate()}
            >
              下载全部数据（Excel）
            </BusyButton>
          </div>
          {data.sections.map((section) =>
            section.key === "addresses" ? (
              <AddressCard key={section.key} section={section} />
            ) : (
              <SectionCard key={section.key} section={section} />
            ),
          )}
          <section className={`${styles.card} ${styles.closeCard}`} aria-labelledby="close-account-title">
            <h2 id="close-account-title" className={styles.cardTitle}>
              注销账号
            </h2>
            <p className={styles.muted} style={{ marginTop: 8 }}>
              注销后账号立即关闭，登录状态全部失效；收货地址、收藏、购物车、预约与在线咨询记录将被删除；
              订单与支付记录依法保留金额、日期和商品，收货人、手机号和地址将被清除。此操作不可恢复。
            </p>
            {data.closing.allowed ? (
              <div className={styles.actions} style={{ marginTop: 12 }}>
                <button type="button" className={`btn ${styles.danger}`} onClick={() => setClosing(true)}>
                  注销账号
                </button>
              </div>
            ) : (
              <>
                <p className={styles.muted} style={{ marginTop: 12 }}>
                  暂时无法注销，原因如下：
                </p>
                <ul className={styles.reasons}>
                  {data.closing.reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
                <AppLink to="/my-orders">查看我的订单</AppLink>
              </>
            )}
          </section>
          <CloseAccountDialog open={closing} onClose={() => setClosing(false)} />
        </>
      )}
    </div>
  );
}

/** A kind's title, with how many rows the shop holds, and the card's actions beside it. */
function CardHead({ titleId, section, children }: { titleId: string; section: DataSection; children?: ReactNode }) {
  return (
    <div className={styles.cardHead}>
      <h2 id={titleId} className={styles.cardTitle}>
        {section.title}
        <span className={styles.count}>{section.rows.length} 条</span>
      </h2>
      {children}
    </div>
  );
}

/** A button whose request is under way: it says so and takes no second click. */
function BusyButton({
  busy,
  busyText,
  children,
  ...button
}: ComponentProps<"button"> & { busy: boolean; busyText: string }) {
  return (
    <button type="button" {...button} aria-busy={busy} disabled={busy}>
      {busy ? busyText : children}
    </button>
  );
}

function SectionCard({ section }: { section: DataSection }) {
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={`${id}title`}>
      <CardHead titleId={`${id}title`} section={section} />
      {section.rows.length === 0 ? <p className={styles.muted}>暂无</p> : <DataTable section={section} />}
    </section>
  );
}

function DataTable({ section }: { section: DataSection }) {
  return (
    // Scrolls sideways on phones; focusable so a keyboard can scroll it too (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className={styles.tableWrap} tabIndex={0} aria-label={`${section.title}明细`}>
      <table className={styles.table}>
        <thead>
          <tr>
            {section.columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.rows.map((row, i) => (
            // Rows have no id of their own in every kind; their order is fixed by the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, never reordered.
            <tr key={i}>
              {section.columns.map((c) => (
                <td key={c.key} className={LONG_COLUMNS.has(c.key) ? styles.long : undefined}>
                  {cellText(row[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Times in China time, to the minute, as the rest of the shop shows them. */
function cellText(value: DataSection["rows"][number][string] | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "是" : "否";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    const china = new Date(new Date(value).getTime() + 8 * 3600_000).toISOString();
    return `${china.slice(0, 10)} ${china.slice(11, 16)}`;
  }
  return String(value);
}

/** The saved address's fields, to open the correction with it as it is. */
function savedValues(section: DataSection): AddressValues {
  const row = section.rows[0];
  if (!row) return EMPTY_ADDRESS;
  const text = (key: keyof typeof EMPTY_ADDRESS) => (typeof row[key] === "string" ? (row[key] as string) : "");
  return {
    name: text("name"),
    phone: text("phone"),
    province: text("province"),
    city: text("city"),
    district: text("district"),
    town: text("town"),
    detail: text("detail"),
  };
}

/** The saved address (prefilled at the next order): shown, corrected in place, or deleted. */
function AddressCard({ section }: { section: DataSection }) {
  const id = useId();
  const api = useApi();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<AddressValues>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<AddressErrors>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiQuery(api, routes.myData).queryKey });
  const save = useMutation({
    mutationFn: (address: AddressValues) => api.post(routes.myAddressSave, address),
    onSuccess: async () => {
      toast(PrivacyMessages.addressSaved, "success");
      setEditing(false);
      await refresh();
    },
    onError: (error) => toast(error.message || "保存失败，请稍后重试", "error"),
  });
  const remove = useMutation({
    mutationFn: () => api.post(routes.myAddressRemove),
    onSuccess: async () => {
      toast(PrivacyMessages.addressRemoved, "success");
      await refresh();
    },
    onError: (error) => toast(error.message || "删除失败，请稍后重试", "error"),
  });
  const saved = section.rows.length > 0;

  return (
    <section className={styles.card} aria-labelledby={`${id}title`}>
      <CardHead titleId={`${id}title`} section={section}>
        {!editing && (
          <div className={styles.actions}>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setValues(savedValues(section));
                setErrors({});
                setEditing(true);
              }}
            >
              {saved ? "修改" : "添加"}
            </button>
            {saved && (
              <BusyButton
                className="btn btn-ghost"
                busy={remove.isPending}
                busyText="删除中…"
                onClick={() => remove.mutate()}
              >
                删除
              </BusyButton>
            )}
          </div>
        )}
      </CardHead>
      {editing ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const found = addressErrors(values);
            setErrors(found ?? {});
            if (!found) save.mutate(values);
          }}
        >
          <AddressFields
            values={values}
            errors={errors}
            onChange={(patch) => {
              setValues((v) => ({ ...v, ...patch }));
              setErrors((old) => ({ ...old, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
            }}
          />
          <div className={styles.actions}>
            <BusyButton type="submit" className="btn" busy={save.isPending} busyText="保存中…">
              保存地址
            </BusyButton>
            <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
              取消
            </button>
          </div>
        </form>
      ) : saved ? (
        <DataTable section={section} />
      ) : (
        <p className={styles.muted}>暂无。下单时填写的地址会保存在这里，下次下单自动填写。</p>
      )}
    </section>
  );
}
