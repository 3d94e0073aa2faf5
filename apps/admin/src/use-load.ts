// Loads a page's data, again whenever `key` changes (the page's filters) or on demand; the latest
// request wins.
import { useCallback, useEffect, useRef, useState } from "react";

export function useLoad<T>(load: () => Promise<T>, key = "") {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(() => {
    const ticket = ++latest.current;
    setLoading(true);
    loadRef
      .current()
      .then((value) => {
        if (ticket !== latest.current) return;
        setData(value);
        setError(null);
      })
      .catch((e: unknown) => {
        if (ticket === latest.current) setError(e instanceof Error ? e.message : "接口请求异常");
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what the load reads (filters, id)
  useEffect(reload, [reload, key]);
  return { data, setData, error, loading, reload };
}
