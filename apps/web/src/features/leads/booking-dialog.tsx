// Free designer booking (docs/product.md §2 dialogs, §5, §8): a phone number and the consent (R14). A wrong
// number shows '请输入正确的手机号' and sends nothing; the answer is a tip: '预约成功' / '稍后会有客服联系您'
// or '预约失败' / '稍后请重试'.
import { useMutation } from "@tanstack/react-query";
import { Messages, routes } from "@yj/contract";
import { type FormEvent, useState } from "react";
import { useApi } from "../../lib/api-context";
import { ConsentField, PhoneField, SubmitButton } from "./lead-fields";
import styles from "./lead-form.module.css";
import { consentError, type Errors, failureDetail, hasErrors, phoneError } from "./lead-rules";
import { Modal } from "./modal";
import tip from "./tip.module.css";

const ORIGIN_MAX = 100;

/** Where the visitor booked from: the page's title and path (and the button, when named). */
export function bookingOrigin(origin?: string): string {
  const page = typeof document === "undefined" ? "" : `${document.title} ${window.location.pathname}`;
  return [page, origin].filter(Boolean).join(" · ").slice(0, ORIGIN_MAX);
}

export default function BookingDialog({ origin, onClose }: { origin?: string; onClose(): void }) {
  const api = useApi();
  const [phone, setPhone] = useState("");
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors<"phone" | "consent">>({});
  const book = useMutation({
    mutationFn: (body: { phone: string; originDetail: string; consent: true }) => api.post(routes.appointment, body),
    meta: { quiet: true },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (book.isPending) return;
    const found = { phone: phoneError(phone), consent: consentError(consent) };
    setErrors(found);
    if (hasErrors(found)) return;
    book.mutate({ phone: phone.trim(), originDetail: bookingOrigin(origin), consent: true });
  };

  if (book.isSuccess || book.isError) {
    const ok = book.isSuccess;
    return (
      <Modal title="免费预约设计师" onClose={onClose}>
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
    <Modal title="免费预约设计师" onClose={onClose}>
      <p className={styles.note}>留下手机号，设计师免费上门量房、出方案。</p>
      <form className={styles.form} noValidate onSubmit={submit}>
        <PhoneField
          placeholder="请输入 11 位手机号"
          value={phone}
          error={errors.phone}
          onChange={(v) => {
            setPhone(v);
            if (errors.phone) setErrors({ ...errors, phone: undefined });
          }}
        />
        <ConsentField
          checked={consent}
          error={errors.consent}
          onChange={(v) => {
            setConsent(v);
            if (v) setErrors({ ...errors, consent: undefined });
          }}
        />
        <SubmitButton pending={book.isPending} label="立即预约" />
      </form>
    </Modal>
  );
}
