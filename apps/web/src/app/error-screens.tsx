import { isRouteErrorResponse, useRouteError } from "react-router";
import { AppLink } from "../components/app-link";
import styles from "./error-screens.module.css";

function Message({ title, detail }: { title: string; detail: string }) {
  return (
    <section className={styles.box}>
      <h1>{title}</h1>
      <p>{detail}</p>
      <AppLink className={styles.home} to="/">
        返回首页
      </AppLink>
    </section>
  );
}

export function NotFoundScreen() {
  return <Message title="页面不存在" detail="您访问的页面不存在或已被移除，去首页看看吧。" />;
}

export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const detail = typeof error.data === "string" && error.data ? error.data : "您访问的内容不存在或已下架。";
    return <Message title="内容不存在" detail={detail} />;
  }
  const detail = error instanceof Error && error.message ? error.message : "页面加载失败，请稍后重试。";
  return <Message title="出错了" detail={detail} />;
}
