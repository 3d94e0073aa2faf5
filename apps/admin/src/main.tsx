// The back office's entry: the console's routes under /admin, in its providers (providers.tsx).
// First, before any module that loads zod: no eval probe for the CSP to refuse.
import "@yj/contract/zod-without-eval";
import "dayjs/locale/zh-cn";
import dayjs from "dayjs";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { BackOfficeProviders } from "./providers";
import { router } from "./router";
import "./targets.css";

dayjs.locale("zh-cn");

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BackOfficeProviders>
      <RouterProvider router={router} />
    </BackOfficeProviders>
  </StrictMode>,
);
