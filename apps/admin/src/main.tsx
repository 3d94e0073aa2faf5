// The back office's entry: antd in Chinese and the console's routes under /admin.
// First, before any module that loads zod: no eval probe for the CSP to refuse.
import "@yj/contract/zod-without-eval";
import "dayjs/locale/zh-cn";
import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./router";
import { THEME } from "./theme";
import "./targets.css";

dayjs.locale("zh-cn");

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
