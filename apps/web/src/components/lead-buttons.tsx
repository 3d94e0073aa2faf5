// Calls to action that open the lead dialogs (booking, estimate) from any screen: see lib/lead-dialogs.
import { LEAD_KIND_LABELS } from "@yj/contract";
import type { ReactNode } from "react";
import { openLeadDialog } from "../lib/lead-dialogs";
import styles from "./lead-buttons.module.css";

interface LeadButtonProps {
  /** Where the visitor asked from, e.g. "商品详情". */
  origin?: string;
  className?: string;
  children?: ReactNode;
}

export function BookingButton({ origin, className = "btn", children = LEAD_KIND_LABELS.appointment }: LeadButtonProps) {
  return (
    <button type="button" className={className} onClick={() => openLeadDialog("booking", origin)}>
      {children}
    </button>
  );
}

export function EstimateButton({ origin, className = "btn", children = "立即获取报价" }: LeadButtonProps) {
  return (
    <button type="button" className={className} onClick={() => openLeadDialog("estimate", origin)}>
      {children}
    </button>
  );
}

/** A one-line booking offer under a detail page's buy buttons. */
export function BookingPrompt({
  origin,
  text = "不确定怎么搭配？设计师免费上门量房出方案",
}: {
  origin: string;
  text?: string;
}) {
  return (
    <p className={styles.prompt}>
      <span>{text}</span>
      <BookingButton origin={origin} className={`btn btn-ghost ${styles.promptButton}`} />
    </p>
  );
}
