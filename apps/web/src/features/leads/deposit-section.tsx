// The activity deposit on /decorate-act (docs/product.md §2, §7; the Commerce issue): the denominate form
// (name and mobile, POST /api/customers/denominate), then the deposit's QR code (precreate with name and
// mobile), polled until paid. No login needed: the mobile identifies the deposit. On a phone
// (docs/decisions/0066) the buyer comes back from WeChat's or Alipay's page with ?trade=, whose state
// is polled without the form; back from WeChat's OAuth, the form's values wait in this tab's
// sessionStorage (read once) and the pay step resumes.
import { useMutation, useQuery } from "@tanstack/react-query";
import { routes } from "@yj/contract";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { DEPOSIT_RESUME_KEY, PaymentPanel, ReturnedTrade } from "../../components/payment-panel";
import { useApi } from "../../lib/api-context";
import { formatPrice } from "../../lib/format";
import { useOneAtATime } from "../../lib/one-at-a-time";
import { apiQuery } from "../../lib/queries";
import { ContactFields, FormFailure, SubmitButton } from "./lead-fields";
import form from "./lead-form.module.css";
import { namedContactErrors } from "./lead-rules";
import { useLeadForm, useVisitorPlace } from "./use-lead-form";

export function DepositSection({ initial }: { initial: { name: string; phone: string } }) {
  const api = useApi();
  // The amount the payment will take: the site settings', as the activity rules show it.
  const { data: settings } = useQuery(apiQuery(api, routes.siteSettings));
  const { values, errors, set, submitWith } = useLeadForm(
    { ...initial, consent: false, marketing: false },
    namedContactErrors,
  );
  const place = useVisitorPlace();
  const denominate = useMutation({
    mutationFn: (body: { name: string; phone: string; marketing: boolean }) =>
      api.post(routes.denominate, {
        phone: body.phone,
        content: body.name,
        consent: true,
        marketingConsent: body.marketing,
        ...place,
      }),
    meta: { quiet: true },
  });
  // One click, one denominate: the mutation's own pending state arrives too late for a double click.
  const sending = useOneAtATime();
  const [search, setSearch] = useSearchParams();
  const returned = search.get("trade");
  // Back from WeChat's OAuth: the form as it was sent, once.
  const [resumed, setResumed] = useState<{ name: string; mobile: string } | null>(null);
  useEffect(() => {
    const saved = sessionStorage.getItem(DEPOSIT_RESUME_KEY);
    if (!saved) return;
    sessionStorage.removeItem(DEPOSIT_RESUME_KEY);
    try {
      const value = JSON.parse(saved) as { name?: unknown; mobile?: unknown };
      if (typeof value.name === "string" && typeof value.mobile === "string")
        setResumed({ name: value.name, mobile: value.mobile });
    } catch {
      // Not ours: the form is shown.
    }
  }, []);
  const paidNote = <p>定金已支付，活动优惠已为您锁定，客服会尽快与您联系。</p>;
  const submit = submitWith(
    (v) =>
      sending.start() &&
      denominate.mutate(
        { name: v.name.trim(), phone: v.phone.trim(), marketing: v.marketing },
        { onSettled: sending.finish },
      ),
    sending.busy,
  );

  if (returned && /^[A-Za-z0-9_-]{8,64}$/.test(returned)) {
    return (
      <div data-testid="deposit-pay">
        <ReturnedTrade
          outTradeNo={returned}
          paidExtra={paidNote}
          onRestart={() =>
            setSearch((prev) => {
              const next = new URLSearchParams(prev);
              next.delete("trade");
              return next;
            })
          }
        />
      </div>
    );
  }
  if (resumed) {
    return (
      <div data-testid="deposit-pay">
        <PaymentPanel request={resumed} paidExtra={paidNote} />
      </div>
    );
  }
  if (denominate.isSuccess) {
    const { name, phone } = denominate.variables;
    return (
      <div data-testid="deposit-pay">
        <PaymentPanel request={{ name, mobile: phone }} paidExtra={paidNote} />
      </div>
    );
  }
  return (
    <form className={form.form} noValidate onSubmit={submit} aria-label="支付定金">
      {settings && (
        <p>
          支付定金 <strong>{formatPrice(settings.activityDepositCents)}</strong> 锁定活动优惠，签约时抵扣合同款。
        </p>
      )}
      <ContactFields values={values} errors={errors} set={set} />
      <FormFailure error={denominate.error} prefix="提交失败" />
      <SubmitButton pending={sending.busy} label="支付定金" />
    </form>
  );
}
