// Lightweight toasts for the shell (docs/product.md §8: messages shown as error toasts); no UI kit needed.
import { useEffect, useState } from "react";
import styles from "./toast.module.css";

type Kind = "error" | "success" | "info";
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}

let nextId = 1;
let toasts: Toast[] = [];
const listeners = new Set<(t: Toast[]) => void>();

function publish(next: Toast[]) {
  toasts = next;
  for (const l of listeners) l(toasts);
}

export function toast(text: string, kind: Kind = "info", ms = 2500) {
  if (typeof window === "undefined") return;
  // The same message twice in a row (e.g. two failing queries) shows once.
  if (toasts.some((t) => t.text === text)) return;
  const item = { id: nextId++, kind, text };
  publish([...toasts, item]);
  window.setTimeout(() => publish(toasts.filter((t) => t.id !== item.id)), ms);
}

export function Toaster() {
  const [items, setItems] = useState<Toast[]>([]);
  useEffect(() => {
    listeners.add(setItems);
    return () => {
      listeners.delete(setItems);
    };
  }, []);
  return (
    <div className={styles.stack} role="status" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`${styles.toast} ${styles[t.kind]}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
