// The activity deposit on /decorate-act (docs/product.md §2, §7; the Commerce issue): the denominate form
// (name and mobile, POST /api/customers/denominate), then the deposit's QR code (precreate with name and
// mobile), polled until paid. No login needed: the mobile identifies the deposit.
import { useMutation } from "@tanstack/react-query";
import { ACTIVITY_DEPOSIT_CENTS, routes } from "@yj/contract";
import { PaymentPanel } from "../../components/payment-panel";
import { useApi } from "../../lib/api-context";
import { formatPrice } from "../../lib/format";
import { useOneAtATime } from "../../lib/one-at-a-time";
import { ContactFields, FormFailure, SubmitButton } from "./lead-fields";
import form from "./lead-form.module.css";
import { namedContactErrors } from "./lead-rules";
import { useLeadForm, useVisitorPlace } from "./use-lead-form";

export function DepositSection({ initial }: { initial: { name: string; phone: string } }) {
  const api = useApi();
  const { values, errors, set, submitWith } = useLeadForm({ ...initial, consent: false }, namedContactErrors);
  const place = useVisitorPlace();
  const denominate = useMutation({
    mutationFn: (body: { name: string; phone: string }) =>
      api.post(routes.denominate, { phone: body.phone, content: body.name, consent: true, ...place }),
    meta: { quiet: true },
  });
  // One click, one denominate: the mutation's own pending state arrives too late for a double click.
  const sending = useOneAtATime();
  const submit = submitWith(
    (v) =>
      sending.start() &&
      denominate.mutate({ name: v.name.trim(), phone: v.phone.trim() }, { onSettled: sending.finish }),
    sending.busy,
  );

  if (denominate.isSuccess) {
    const { name, phone } = denominate.variables;
    return (
      <div data-testid="deposit-pay">
        <PaymentPanel
          request={{ name, mobile: phone }}
          paidExtra={<p>定金已支付，活动优惠已为您锁定，客服会尽快与您联系。</p>}
        />
      </div>
    );
  }
  return (
    <form className={form.form} noValidate onSubmit={submit} aria-label="支付定金">
      <p>
        支付定金 <strong>{formatPrice(ACTIVITY_DEPOSIT_CENTS)}</strong> 锁定活动优惠，签约时抵扣合同款。
      </p>
      <ContactFields values={values} errors={errors} set={set} />
      <FormFailure error={denominate.error} prefix="提交失败" />
      <SubmitButton pending={sending.busy} label="支付定金" />
    </form>
  );
}
