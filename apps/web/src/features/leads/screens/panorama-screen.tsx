// /iframe (docs/product.md §2): the embedded panorama page, without header, side panel or footer (route
// handle bare). A 360° view of the demo room that ships with the site (public/panorama, drawn by
// scripts/gen-panorama.mjs) in Photo Sphere Viewer, loaded only here and only in the browser, and a
// lead card '获取同款报价' posting to putCards.
import { useMutation } from "@tanstack/react-query";
import { leadOrigin, routes } from "@yj/contract";
import { useEffect, useRef, useState } from "react";
import { Picture } from "../../../components/picture";
import { useApi } from "../../../lib/api-context";
import type { RouteHandle, RouteMeta } from "../../../lib/route-context";
import { ContactFields, FormFailure, SubmitButton } from "../lead-fields";
import form from "../lead-form.module.css";
import { contactErrors } from "../lead-rules";
import { useLeadForm, useVisitorPlace } from "../use-lead-form";
import styles from "./panorama-screen.module.css";

export const handle: RouteHandle = { bare: true };

export function loader(): RouteMeta {
  return { title: "全景样板间", description: "360° 全景看样板间，留下手机号获取同款装修报价。" };
}

export const PANORAMA_URL = "/panorama/living-room.png";

/** Mounts the viewer into `container`; resolves to its destroy function. Fails without WebGL. */
async function mountViewer(container: HTMLElement): Promise<() => void> {
  const [{ Viewer }, css] = await Promise.all([
    import("@photo-sphere-viewer/core"),
    import("@photo-sphere-viewer/core/index.css?url"),
  ]);
  // The viewer's stylesheet stays out of the site's one stylesheet: only this page needs it. A file,
  // not an inline <style>, so the Content-Security-Policy needs no nonce for it.
  // The viewer measures its loader from that stylesheet when it starts: start it once the sheet is in
  // (before, the loader's ring is drawn from NaN sizes and the browser reports each path as an error).
  if (!document.getElementById("psv-style")) {
    const link = document.createElement("link");
    link.id = "psv-style";
    link.rel = "stylesheet";
    link.href = css.default;
    const loaded = new Promise<void>((resolve) => {
      link.onload = () => resolve();
      link.onerror = () => resolve();
    });
    document.head.append(link);
    await loaded;
  }
  const viewer = new Viewer({
    container,
    panorama: PANORAMA_URL,
    caption: "客厅全景 · 悦家整装样板间",
    loadingTxt: "全景加载中…",
    defaultZoomLvl: 20,
    navbar: ["zoom", "move", "caption", "fullscreen"],
    lang: {
      zoom: "缩放",
      zoomOut: "缩小",
      zoomIn: "放大",
      moveUp: "向上",
      moveDown: "向下",
      moveLeft: "向左",
      moveRight: "向右",
      fullscreen: "全屏",
      loadError: "全景加载失败",
      webglError: "您的浏览器不支持 WebGL",
    },
  });
  return () => viewer.destroy();
}

function PanoramaView() {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let destroy: (() => void) | undefined;
    let gone = false;
    const el = ref.current;
    if (!el) return;
    mountViewer(el)
      .then((d) => {
        if (gone) d();
        else destroy = d;
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      destroy?.();
    };
  }, []);
  return (
    <div className={styles.viewer} ref={ref} role="img" aria-label="客厅 360° 全景">
      {failed && (
        <div className={styles.fallback}>
          <Picture
            src={PANORAMA_URL}
            alt="客厅全景展开图"
            width={2048}
            height={1024}
            sizes="min(960px, 100vw)"
            loading="eager"
          />
          <p>当前浏览器无法显示 360° 全景，已为您展示展开图。</p>
        </div>
      )}
    </div>
  );
}

function QuoteCard() {
  const api = useApi();
  const [open, setOpen] = useState(true);
  const { values, errors, set, submitWith } = useLeadForm(
    { phone: "", consent: false, marketing: false },
    contactErrors,
  );
  const place = useVisitorPlace();
  const send = useMutation({
    mutationFn: (body: { phone: string; originDetail: string; consent: true; marketingConsent: boolean }) =>
      api.post(routes.putCards, { ...body, ...place }),
    meta: { quiet: true },
  });
  const submit = submitWith(
    (v) =>
      send.mutate({
        phone: v.phone,
        originDetail: leadOrigin("/iframe"),
        consent: true,
        marketingConsent: v.marketing,
      }),
    send.isPending,
  );

  if (!open) {
    return (
      <button type="button" className={`btn ${styles.reopen}`} onClick={() => setOpen(true)}>
        获取同款报价
      </button>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="pano-quote-title">
      <div className={styles.cardHead}>
        <h1 id="pano-quote-title">获取同款报价</h1>
        <button type="button" className={styles.fold} aria-label="收起" onClick={() => setOpen(false)}>
          ×
        </button>
      </div>
      {send.isSuccess ? (
        <p className={`${form.status} ${form.ok}`} role="status">
          提交成功：稍后会有客服联系您，发送这套样板间的报价。
        </p>
      ) : (
        <form className={form.form} noValidate onSubmit={submit} aria-label="获取同款报价">
          <ContactFields values={values} errors={errors} set={set} phonePlaceholder="请输入 11 位手机号" />
          <FormFailure error={send.error} prefix="提交失败" />
          <SubmitButton pending={send.isPending} label="获取报价" />
        </form>
      )}
    </section>
  );
}

export default function PanoramaScreen() {
  // The bare layout has no <main> of its own: the page is its main landmark.
  return (
    <main className={styles.page}>
      <PanoramaView />
      <QuoteCard />
    </main>
  );
}
