// The decision on one after-sales request (docs/decisions/0064), in the 售后 list and the order
// detail: 同意 (a return's refund: the refundable amount, or less), 拒绝 (the note is required, the
// customer reads it) and, once approved, 标记完成. Each is confirmed in its dialog; the server's
// message is shown as it is (a payment that cannot be refunded, a request decided meanwhile).
import { type AdminAfterSale, AFTER_SALE_KIND_LABELS } from "@yj/contract";
import { Button, Image, Space } from "antd";
import { useState } from "react";
import { post, routes } from "../api";
import { TextAreaItem } from "../kit/form-items";
import { MoneyField, yuan, yuanText } from "../kit/money-field";
import { SaveModal } from "../kit/save-modal";

type Decision = "approve" | "refuse" | "close";

const TITLES: Record<Decision, string> = { approve: "同意售后申请", refuse: "拒绝售后申请", close: "标记售后完成" };
const OK_TEXT: Record<Decision, string> = { approve: "确认同意", refuse: "确认拒绝", close: "确认完成" };

export function AfterSaleActions({
  request,
  onDecided,
}: {
  request: AdminAfterSale;
  onDecided(request: AdminAfterSale): void;
}) {
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const isReturn = request.kind === "return";
  return (
    <Space wrap>
      {request.status === "requested" && (
        <>
          <Button type="primary" size="small" onClick={() => setDeciding("approve")}>
            同意
          </Button>
          <Button danger size="small" onClick={() => setDeciding("refuse")}>
            拒绝
          </Button>
        </>
      )}
      {request.status === "approved" && (
        <Button size="small" onClick={() => setDeciding("close")}>
          标记完成
        </Button>
      )}
      {deciding && (
        <SaveModal<{ note?: string; refundAmount?: string }, AdminAfterSale>
          open
          title={`${TITLES[deciding]}（${AFTER_SALE_KIND_LABELS[request.kind]}）`}
          okText={OK_TEXT[deciding]}
          failedText="操作失败"
          initialValues={
            deciding === "approve" && isReturn ? { refundAmount: yuanText(request.refundableAmount) } : undefined
          }
          onSave={(values) =>
            post(routes.adminAfterSaleDecide, {
              id: request.id,
              decision: deciding,
              note: values.note ?? "",
              ...(deciding === "approve" && isReturn && values.refundAmount
                ? { refundAmount: values.refundAmount }
                : {}),
            })
          }
          onClose={() => setDeciding(null)}
          onSaved={(decided) => {
            setDeciding(null);
            onDecided(decided);
          }}
        >
          {deciding === "approve" && isReturn && (
            <MoneyField
              name="refundAmount"
              label={`退款金额（元，最多 ${yuan(request.refundableAmount)}）`}
              required="请输入退款金额"
              extra="同意后立即向顾客原路退款；可部分退款。"
            />
          )}
          <TextAreaItem
            name="note"
            label={deciding === "refuse" ? "拒绝原因（顾客可见）" : "处理说明（选填，顾客可见）"}
            required={deciding === "refuse" ? "拒绝时请填写原因，顾客会看到" : undefined}
            whitespace
            input={{ rows: 3, maxLength: 200, showCount: true }}
          />
        </SaveModal>
      )}
    </Space>
  );
}

/** The buyer's photos as thumbnails that open full size. */
export function AfterSalePhotos({ photos }: { photos: string[] }) {
  if (photos.length === 0) return <span>—</span>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {photos.map((url, i) => (
          <Image
            key={url}
            src={url.replace(/-1200\.webp$/, "-240.webp")}
            preview={{ src: url }}
            width={40}
            height={40}
            style={{ objectFit: "cover" }}
            alt={`顾客照片 ${i + 1}`}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** The toast after a decision, by the state it left the request in. */
export const AFTER_SALE_DONE: Partial<Record<AdminAfterSale["status"], string>> = {
  approved: "已同意售后申请",
  refused: "已拒绝售后申请",
  closed: "售后已标记完成",
};
