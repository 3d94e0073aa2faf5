// What every modal does with the keyboard while it is open: a first focus inside it, its own keys
// (Esc at least) handled at the document, and the focus handed back to where it was when it closes.
import { useEffect, useRef } from "react";

/** `focusFirst` runs once on open; `onKeyDown` may change between renders (the latest one runs). */
export function useDialogKeys(focusFirst: () => void, onKeyDown: (event: KeyboardEvent) => void) {
  const keysRef = useRef(onKeyDown);
  keysRef.current = onKeyDown;
  const focusRef = useRef(focusFirst);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusRef.current();
    const listener = (event: KeyboardEvent) => keysRef.current(event);
    document.addEventListener("keydown", listener);
    return () => {
      document.removeEventListener("keydown", listener);
      if (previous?.isConnected) previous.focus();
    };
  }, []);
}
