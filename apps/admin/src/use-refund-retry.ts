// 重试退款 for a failed refund, an order's or an instalment's (docs/decisions/0063, 0079): confirmed
// first, then sent again under the same refund number, so the gateway cannot pay it twice.
import type { AdminRefund } from "@yj/contract";
import { App } from "antd";
import { post, routes } from "./api";
import { yuan } from "./kit/money-field";
import { useSubmit } from "./kit/use-submit";

type FailedRefund = Pick<AdminRefund, "id" | "outRefundNo" | "amount">;

/** `busy` while a retry is being sent; `onRetried` refreshes the page. */
export function useRefundRetry(onRetried: () => void) {
  const { message, modal } = App.useApp();
  const { busy, submit } = useSubmit();
  const retry = (refund: FailedRefund) =>
    modal.confirm({
      title: "重试退款？",
      content: `将以同一退款单号 ${refund.outRefundNo} 再次发起退款 ${yuan(refund.amount)}。`,
      okText: "重试",
      cancelText: "取消",
      onOk: () =>
        submit(
          () => post(routes.adminRefundRetry, { refundId: refund.id }),
          () => {
            message.success("已重新发起退款");
            onRetried();
          },
          "操作失败",
        ),
    });
  return { busy, retry };
}
