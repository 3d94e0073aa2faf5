// Which lead dialog is open (docs/product.md §2 dialogs): any feature or the layout asks for one here,
// app/ renders it, so features open dialogs without importing the leads feature. Browser-only state:
// dialogs open on a click, never during a server render.
import { useSyncExternalStore } from "react";

export type LeadDialogKind = "booking" | "estimate";

export interface LeadDialogRequest {
  kind: LeadDialogKind;
  /** Where the visitor asked from (a button's name), added to the booking's originDetail. */
  origin?: string;
}

let current: LeadDialogRequest | null = null;
const listeners = new Set<() => void>();

function publish(next: LeadDialogRequest | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function openLeadDialog(kind: LeadDialogKind, origin?: string) {
  publish({ kind, origin });
}

export function closeLeadDialog() {
  publish(null);
}

export function useLeadDialog(): LeadDialogRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
