// What every back-office screen stands in: antd in Chinese with the console's theme, and the App
// context for toasts. A member whose system asks for less motion (prefers-reduced-motion, WCAG 2.3.3)
// gets antd without its animations: dropdowns, dialogs and messages appear and go at once
// (docs/decisions/0091).
import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import { type ReactNode, useSyncExternalStore } from "react";
import { backOfficeTheme } from "./theme";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function watchReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the system asks for less motion, following it when the setting changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    watchReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export function BackOfficeProviders({ children }: { children: ReactNode }) {
  const reduceMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={backOfficeTheme(reduceMotion)}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
