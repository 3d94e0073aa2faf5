// docs/product.md §4: a top progress bar on every navigation, simulated over 3000 ms and ending above 95 %,
// 2 px high, in the success or failure colour.
import { PROGRESS_DURATION_MS, PROGRESS_HEIGHT_PX } from "@yj/contract";
import { useEffect, useRef, useState } from "react";
import { useNavigation, useRouteError } from "react-router";
import styles from "./progress-bar.module.css";

/** Eases towards 96 % over the duration, so a slow page still looks alive but never "done". */
export function simulatedPercent(elapsedMs: number): number {
  const t = Math.min(1, elapsedMs / PROGRESS_DURATION_MS);
  return 96 * (1 - (1 - t) ** 3);
}

export function ProgressBar() {
  const navigation = useNavigation();
  const error = useRouteError();
  const [state, setState] = useState<{ show: boolean; percent: number }>({ show: false, percent: 0 });
  const started = useRef(0);
  const loading = navigation.state !== "idle";

  useEffect(() => {
    if (loading) {
      started.current = performance.now();
      setState({ show: true, percent: 0 });
      const timer = window.setInterval(() => {
        setState({ show: true, percent: simulatedPercent(performance.now() - started.current) });
      }, 100);
      return () => window.clearInterval(timer);
    }
    if (started.current === 0) return;
    setState({ show: true, percent: 100 });
    const hide = window.setTimeout(() => setState({ show: false, percent: 0 }), 300);
    return () => window.clearTimeout(hide);
  }, [loading]);

  if (!state.show) return null;
  return (
    <div
      className={`${styles.bar} ${error ? styles.failure : styles.success}`}
      style={{ width: `${state.percent}%`, height: PROGRESS_HEIGHT_PX }}
      role="progressbar"
      aria-valuenow={Math.round(state.percent)}
    />
  );
}
