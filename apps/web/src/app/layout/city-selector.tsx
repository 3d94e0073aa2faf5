// docs/product.md §4: the visitor's city — chosen from the configured cities (website_configs type 1), grouped by
// province; detected 1000 ms after load when not chosen yet; the choice persists (cookie + localStorage).
// Two selectors share that state: the top bar's (wide screens) and the header's own on phones, where the
// top bar is hidden (docs/decisions/0054).

import { useQuery } from "@tanstack/react-query";
import { LOCATE_DELAY_MS, routes } from "@yj/contract";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Icon } from "../../components/icon";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";
import { cityCookieValue, useAppState, useStore } from "../../lib/store";
import styles from "./city-selector.module.css";

export function useChooseCity() {
  const store = useStore();
  return useCallback(
    (cityName: string, province: string) => {
      store.setState({ cityName, province, cityChosen: true });
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve.
      document.cookie = cityCookieValue(cityName, province);
      localStorage.setItem("cityName", cityName);
      localStorage.setItem("province", province);
    },
    [store],
  );
}

/** Detects the city once, 1000 ms after load, unless the visitor already chose (docs/product.md §4, §9). */
export function useDetectCity() {
  const api = useApi();
  const cityChosen = useAppState((s) => s.cityChosen);
  const choose = useChooseCity();
  useEffect(() => {
    if (cityChosen) return;
    const timer = window.setTimeout(async () => {
      try {
        const found = await api.get(routes.detectCity);
        if (found.source !== "default") choose(found.city, found.province);
      } catch {
        // Detection is a convenience: the default city stays.
      }
    }, LOCATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [api, cityChosen, choose]);
}

/** `phone`: the header's short form (pin and city name), its list a sheet under the header. */
export function CitySelector({ phone = false }: { phone?: boolean }) {
  const api = useApi();
  const { data: cities = [] } = useQuery(apiQuery(api, routes.cityList, { type: "1" }));
  const cityName = useAppState((s) => s.cityName);
  const choose = useChooseCity();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  const byProvince = useMemo(() => {
    const groups = new Map<string, string[]>();
    for (const { content } of cities)
      groups.set(content.province, [...(groups.get(content.province) ?? []), content.city]);
    return [...groups];
  }, [cities]);

  // Esc closes the list and gives the focus back to the opener (keyboard users, docs/decisions/0054).
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      opener.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    // pointerdown: a tap outside closes it as a click does.
    const close = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  return (
    <div className={`${styles.selector} ${phone ? styles.phone : ""}`} ref={box}>
      <button
        type="button"
        ref={opener}
        className={styles.current}
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        data-testid={phone ? "phone-city" : undefined}
      >
        <Icon name="pin" size={14} /> {cityName.replace(/市$/, "")}{" "}
        <span className={phone ? "visually-hidden" : styles.switch}>[切换城市]</span>
      </button>
      {open && (
        <div className={styles.panel} role="dialog" aria-label="选择城市">
          <p className={styles.hint}>已开通 {cities.length} 个城市，请选择您所在的城市</p>
          <dl className={styles.list}>
            {byProvince.map(([province, names]) => (
              <div key={province} className={styles.row}>
                <dt>{province}</dt>
                <dd>
                  {names.map((name) => (
                    <button
                      type="button"
                      key={name}
                      className={name === cityName ? styles.active : undefined}
                      onClick={() => {
                        choose(name, province);
                        setOpen(false);
                      }}
                    >
                      {name.replace(/市$/, "")}
                    </button>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
}
