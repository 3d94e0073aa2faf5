// Free designer booking (docs/product.md §2 dialogs, §5, §8): a phone number and the consent (R14). A wrong
// number shows '请输入正确的手机号' and sends nothing; the answer is a tip: '预约成功' / '稍后会有客服联系您'
// or '预约失败' / '稍后请重试'.
import { useMutation } from "@tanstack/react-query";
import { LEAD_KIND_LABELS, leadOrigin, Messages, routes } from "@yj/contract";
import { useLocation } from "react-router";
import { useApi } from "../../lib/api-context";
import { ContactFields, SubmitButton } from "./lead-fields";
import styles from "./lead-form.module.css";
import { contactErrors, failureDetail } from "./lead-rules";
import { Modal } from "./modal";
import tip from "./tip.module.css";
import { useLeadForm, useVisitorPlace } from "./use-lead-form";

const ORIGIN_MAX = 100;

/** Where the visitor booked from: the page by its Chinese name (and the button, when named; ADR 0052). */
export function bookingOrigin(path: string, origin?: string): string {
  return leadOrigin(path, origin).slice(0, ORIGIN_MAX);
}

export default function BookingDialog({ origin, onClose }: { origin?: string; onClose(): void }) {
  const api = useApi();
  const { values, errors, set, submitWith } = useLeadForm(
    { phone: "", consent: false, marketing: false },
    contactErrors,
  );
  const place = useVisitorPlace();
  const { pathname } = useLocation();
  const book = useMutation({
    mutationFn: (body: { phone: string; originDetail: string; consent: true; marketingConsent: boolean }) =>
      api.post(routes.appointment, { ...body, ...place }),
    meta: { quiet: true },
  });
  const submit = submitWith(
    (v) =>
      book.mutate({
        phone: v.phone.trim(),
        originDetail: bookingOrigin(pathname, origin),
        consent: true,
        marketingConsent: v.marketing,
      }),
    book.isPending,
  );

  if (book.isSuccess || book.isError) {
    const ok = book.isSuccess;
    return (
      <Modal title={LEAD_KIND_LABELS.appointment} onClose={onClose}>
        <div className={`${tip.tip} ${ok ? tip.ok : tip.failed}`} role="status">
          <span className={tip.mark} aria-hidden>
            {ok ? "✓" : "!"}
          </span>
          <strong className={tip.title}>{ok ? Messages.bookingSuccess : Messages.bookingFailure}</strong>
          <p className={tip.detail}>
            {ok ? Messages.bookingSuccessDetail : failureDetail(book.error, Messages.bookingFailureDetail)}
          </p>
          {ok ? (
            <button type="button" className="btn" onClick={onClose}>
              知道了
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => book.reset()}>
              重新预约
            </button>
          )}
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={LEAD_KIND_LABELS.appointment} onClose={onClose}>
      <p className={styles.note}>留下手机号，设计师免费上门量房、出方案。</p>
      <form className={styles.form} noValidate onSubmit={submit}>
        <ContactFields values={values} errors={errors} set={set} phonePlaceholder="请输入 11 位手机号" />
        <SubmitButton pending={book.isPending} label="立即预约" />
      </form>
    </Modal>
  );
}
