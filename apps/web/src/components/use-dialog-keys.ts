// What every modal does with the keyboard while it is open: a first focus inside it, its own keys
// (Esc at least) handled at the document, and the focus handed back to where it was when it closes.
import { type RefObject, useEffect, useRef } from "react";

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

/**
 * A modal whose only keys are a modal's own: Esc closes it (the browser's own use of Esc is not
 * wanted there), Tab stays inside `container`.
 */
export function useModalKeys(container: RefObject<HTMLElement | null>, focusFirst: () => void, onClose: () => void) {
  useDialogKeys(focusFirst, (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else {
      keepTabInside(container.current, event);
    }
  });
}

/** What Tab can reach inside a dialog, in document order. */
const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

export function focusablesIn(container: HTMLElement | null): HTMLElement[] {
  return [...(container?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
}

/**
 * Tab and Shift+Tab wrap around inside `container` (an aria-modal dialog must keep the keyboard in it,
 * WCAG 2.4.3); a focus that fell outside (its element was replaced) comes back at the first or last.
 */
export function keepTabInside(container: HTMLElement | null, event: KeyboardEvent) {
  if (event.key !== "Tab") return;
  const items = focusablesIn(container);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const inside = container?.contains(document.activeElement) ?? false;
  // The dialog itself may hold the focus (its content was replaced): Shift+Tab from it wraps to the last.
  if (event.shiftKey && (document.activeElement === first || document.activeElement === container || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
