// /decorate-act (docs/product.md §2, route meta view=overall): the landing page of a limited-time offer,
// the sign-up form (name, phone, consent) and '已有 N 人报名', updated after signing up, and the deposit
// (denominate, then the Alipay QR code until paid).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { routes } from "@yj/contract";
import type { LoaderFunctionArgs } from "react-router";
import { BookingPrompt } from "../../../components/lead-buttons";
import { useApi } from "../../../lib/api-context";
import { formatPrice } from "../../../lib/format";
import { apiQuery } from "../../../lib/queries";
import type { RouteContext, RouteHandle, RouteMeta } from "../../../lib/route-context";
import { DepositSection } from "../deposit-section";
import { ContactFields, FormFailure, SubmitButton } from "../lead-fields";
import form from "../lead-form.module.css";
import { namedContactErrors } from "../lead-rules";
import { useLeadForm, useVisitorPlace } from "../use-lead-form";
import styles from "./landing.module.css";
import { CardsSection, LandingHero } from "./landing-sections";

export const handle: RouteHandle = { view: "overall" };

export async function loader(_args: LoaderFunctionArgs, { queryClient, api }: RouteContext): Promise<RouteMeta> {
  // The count is a nice-to-have: the page renders without it.
  await queryClient.prefetchQuery(apiQuery(api, routes.activityCount));
  return { title: "限时整装钜惠", description: "限时报名享整装套餐特惠：免费量房设计、主材升级、软装礼包。" };
}

const PERKS = [
  ["免费量房与设计", "设计师上门量房，出平面与效果方案，不满意不收费。"],
  ["主材免费升级", "活动期间签约，瓷砖、地板、卫浴主材同价升级一档。"],
  ["软装礼包", "签约即送窗帘、灯具软装礼包，最高价值 5000 元。"],
  ["价格透明", "按智能报价清单签约，施工中无隐形增项。"],
] as const;

/**
 * The promotion's rules in full beside the sign-up (issue #26, docs/decisions/0077): the deposit, what
 * it buys and its refund window, from the site settings (the amount the payment takes, the days the
 * refund is open), so the page never promises other terms than the checkout applies.
 */
function ActivityRules() {
  const api = useApi();
  const { data: s } = useQuery(apiQuery(api, routes.siteSettings));
  const deposit = s?.activityDepositCents ?? 0;
  const days = s?.depositRefundDays ?? 0;
  return (
    <div className={`${styles.card} ${styles.rules}`} data-testid="activity-rules">
      <h3>活动规则</h3>
      <BookingPrompt origin="活动页" text="想先看方案？设计师免费上门量房" />
      <ul className={styles.list}>
        <li>活动仅限新签约业主，每个手机号限报名一次；报名免费。</li>
        {s &&
          (deposit > 0 ? (
            <>
              <li>
                活动定金 <strong>{formatPrice(deposit)}</strong>
                ：锁定本期活动优惠（免费量房与设计、主材免费升级、软装礼包），签约时全额抵扣合同款。
              </li>
              <li>
                {days > 0
                  ? `定金支付后 ${days} 天内可在“我的订单”中申请退款，原路退回；超过 ${days} 天不再退款，签约时仍全额抵扣。`
                  : "定金支付后不可退款，签约时全额抵扣合同款。"}
              </li>
            </>
          ) : (
            <li>本期活动暂不收取定金。</li>
          ))}
        <li>量房与设计服务覆盖已开通城市。</li>
        <li>礼包与升级以签约合同为准，不可折现。</li>
      </ul>
    </div>
  );
}

export default function DecorateActScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const countQuery = apiQuery(api, routes.activityCount);
  const { data: count } = useQuery({ ...countQuery, meta: { quiet: true } });
  const { values, errors, set, submitWith } = useLeadForm(
    { name: "", phone: "", consent: false, marketing: false },
    namedContactErrors,
  );
  const place = useVisitorPlace();
  const signUp = useMutation({
    mutationFn: (body: { name: string; phone: string; consent: true; marketingConsent: boolean }) =>
      api.post(routes.activity, { ...body, ...place }),
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countQuery.queryKey }),
  });
  const submit = submitWith(
    (v) => signUp.mutate({ name: v.name.trim(), phone: v.phone, consent: true, marketingConsent: v.marketing }),
    signUp.isPending,
  );

  return (
    <div className={styles.page}>
      <LandingHero
        title="限时整装钜惠"
        text="报名即享免费量房设计、主材升级与软装礼包，名额有限，报完即止"
        action={{ label: "立即报名", href: "#sign-up" }}
      />
      <CardsSection title="活动福利" cards={PERKS} />

      <section className="container" id="sign-up">
        <h2 className="section-title">活动报名</h2>
        <div className={styles.offer}>
          <div className={styles.formCard}>
            {count !== undefined && (
              <p className={styles.count} data-testid="activity-count">
                已有 <strong>{count}</strong> 人报名
              </p>
            )}
            {signUp.isSuccess ? (
              <p className={`${form.status} ${form.ok}`} role="status">
                报名成功：稍后会有客服联系您确认活动名额。
              </p>
            ) : (
              <form className={form.form} noValidate onSubmit={submit} aria-label="活动报名">
                <ContactFields values={values} errors={errors} set={set} />
                <FormFailure error={signUp.error} prefix="报名失败" />
                <SubmitButton pending={signUp.isPending} label="立即报名" />
              </form>
            )}
          </div>
          <div className={styles.formCard} id="deposit">
            <h3 className={styles.depositTitle}>支付定金</h3>
            {/* key: after signing up, the deposit form starts with the name and number just given. */}
            <DepositSection
              key={signUp.isSuccess ? "signed-up" : "new"}
              initial={signUp.isSuccess ? { name: values.name.trim(), phone: values.phone } : { name: "", phone: "" }}
            />
          </div>
          <ActivityRules />
        </div>
      </section>
    </div>
  );
}
