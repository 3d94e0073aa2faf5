// A detail page's load: a spinner until the row arrives, the server's refusal with the way back to
// its list, then the page itself (docs/decisions/0042).
import { Result, Spin } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function Loaded<T>({
  load,
  back,
  children,
}: {
  load: { data: T | null; error: string | null; loading: boolean };
  /** The list to go back to when the row cannot be shown (返回商品列表). */
  back: { to: string; text: string };
  children(data: T): ReactNode;
}) {
  if (load.loading && !load.data) return <Spin />;
  if (load.error && !load.data)
    return <Result status="warning" title={load.error} extra={<Link to={back.to}>{back.text}</Link>} />;
  if (!load.data) return null;
  return children(load.data);
}
