// One click, one request (issue #27 item 10). A mutation's isPending reaches the screen only after the
// query library's batched notify (a macrotask later), so a double click's second click still sees
// "not pending" and sends the request again. This guard is set synchronously in the click itself.
import { useCallback, useRef, useState } from "react";

export interface OneAtATime {
  /** True from start() until finish(): render the button disabled and busy from it. */
  busy: boolean;
  /** Claims the slot: false when a run is already under way (the caller then does nothing). */
  start(): boolean;
  /** Frees the slot (call it when the request settles, success or failure). */
  finish(): void;
}

export function useOneAtATime(): OneAtATime {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const start = useCallback(() => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    return true;
  }, []);
  const finish = useCallback(() => {
    running.current = false;
    setBusy(false);
  }, []);
  return { busy, start, finish };
}
