// docs/product.md §4: a top progress bar on every navigation, simulated over 3000 ms and ending above 95 %,
// 2 px high, in the success colour, or the failure colour when the new screen's data failed to load.
import { PROGRESS_DURATION_MS, PROGRESS_HEIGHT_PX } from "@yj/contract";
import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterDataContext, useNavigation } from "react-router";
import styles from "./progress-bar.module.css";

/** How long the full bar stays: a failure lingers so the visitor sees the colour. */
const DONE_VISIBLE_MS = { success: 300, failure: 1200 } as const;

/** Eases towards 96 % over the duration, so a slow page still looks alive but never "done". */
export function simulatedPercent(elapsedMs: number): number {
  const t = Math.min(1, elapsedMs / PROGRESS_DURATION_MS);
  return 96 * (1 - (1 - t) ** 3);
}

type Outcome = keyof typeof DONE_VISIBLE_MS;

export function ProgressBar() {
  const navigation = useNavigation();
  // The router's own state: a loader that failed anywhere in the new screen's matches is in its errors.
  // useRouteError would only see an error of the layout's own route, which never renders then.
  const routerErrors = useContext(UNSAFE_DataRouterDataContext)?.errors ?? null;
  const [state, setState] = useState<{ show: boolean; percent: number; outcome: Outcome }>({
    show: false,
    percent: 0,
    outcome: "success",
  });
  const started = useRef(0);
  const loading = navigation.state !== "idle";
  const failed = routerErrors !== null && Object.keys(routerErrors).length > 0;

  useEffect(() => {
    if (loading) {
      started.current = performance.now();
      setState({ show: true, percent: 0, outcome: "success" });
      const timer = window.setInterval(() => {
        setState({ show: true, percent: simulatedPercent(performance.now() - started.current), outcome: "success" });
      }, 100);
      return () => window.clearInterval(timer);
    }
    if (started.current === 0) return;
    const outcome: Outcome = failed ? "failure" : "success";
    setState({ show: true, percent: 100, outcome });
    const hide = window.setTimeout(() => setState({ show: false, percent: 0, outcome }), DONE_VISIBLE_MS[outcome]);
    return () => window.clearTimeout(hide);
  }, [loading, failed]);

  if (!state.show) return null;
  return (
    <div
      className={`${styles.bar} ${state.outcome === "failure" ? styles.failure : styles.success}`}
      style={{ width: `${state.percent}%`, height: PROGRESS_HEIGHT_PX }}
      role="progressbar"
      aria-label="页面加载进度"
      aria-valuenow={Math.round(state.percent)}
      data-outcome={state.outcome}
    />
  );
}
