// /merchants-join (docs/product.md §2): franchise recruitment. Why join, support, conditions, process, and
// the application form (name, phone, province and city, message, consent) posting to cityPartner.
import { useMutation } from "@tanstack/react-query";
import { Messages, routes } from "@yj/contract";
import { useApi } from "../../../lib/api-context";
import type { RouteMeta } from "../../../lib/route-context";
import { useStore } from "../../../lib/store";
import { ConsentField, FormFailure, MarketingConsentField, NameField, PhoneField, SubmitButton } from "../lead-fields";
import form from "../lead-form.module.css";
import { consentError, nameError, phoneError } from "../lead-rules";
import { RegionFields } from "../region-fields";
import { useLeadForm } from "../use-lead-form";
import styles from "./landing.module.css";
import { CardsSection, LandingHero, ListSection } from "./landing-sections";

export function loader(): RouteMeta {
  return {
    title: "城市合伙人招募",
    description: "加盟悦家整装成为城市合伙人：品牌、供应链、设计与施工标准、数字化获客全程支持。",
  };
}

const REASONS = [
  ["一站式整装品牌", "硬装、定制、主材、软装与家电一体交付，客单价高、复购链条长。"],
  ["标准化交付", "标准工艺、标准工期与标准报价，新团队也能稳定出品。"],
  ["线上获客", "官网、智能报价与预约设计师的线索按城市分配给合伙人。"],
] as const;
const SUPPORT = [
  "品牌授权与门店设计",
  "集采供应链与仓配",
  "设计师与项目经理培训",
  "施工标准与质检体系",
  "营销活动与线上引流",
  "ERP 与报价系统",
];
const CONDITIONS = [
  "认同品牌理念，有家装、建材或家居行业经验者优先",
  "当地有不少于 300㎡ 的展厅或具备开设条件",
  "具备组建设计、销售与施工管理团队的能力",
  "启动资金充足，遵守统一价格与服务标准",
];
const STEPS = ["在线申请", "电话沟通", "总部考察", "签约授权", "培训筹备", "开业运营"];

/** The franchise form's checks: name, phone, province and city, consent, in the form's order. */
const franchiseErrors = (v: { name: string; phone: string; province: string; city: string; consent: boolean }) => ({
  name: nameError(v.name),
  phone: phoneError(v.phone),
  province: v.province ? undefined : Messages.quoteProvince,
  city: v.city ? undefined : Messages.quoteCity,
  consent: consentError(v.consent),
});

export default function MerchantsJoinScreen() {
  const api = useApi();
  const store = useStore();
  const { values, errors, set, submitWith } = useLeadForm(
    () => ({
      name: "",
      phone: "",
      province: store.getState().province,
      city: store.getState().cityName,
      comment: "",
      consent: false,
      marketing: false,
    }),
    franchiseErrors,
  );
  const apply = useMutation({
    mutationFn: ({ marketing, ...body }: typeof values & { consent: true }) =>
      api.post(routes.cityPartner, { ...body, marketingConsent: marketing }),
    meta: { quiet: true },
  });
  const submit = submitWith((v) => apply.mutate({ ...v, name: v.name.trim(), consent: true }), apply.isPending);

  return (
    <div className={styles.page}>
      <LandingHero
        title="城市合伙人招募"
        text="携手悦家整装，在您的城市开一家一站式整装店"
        action={{ label: "立即申请", href: "#apply" }}
      />
      <CardsSection title="为什么加盟" cards={REASONS} />
      <ListSection title="总部支持" items={SUPPORT} look="chips" />
      <ListSection title="加盟条件" items={CONDITIONS} look="list" />
      <ListSection title="加盟流程" items={STEPS} look="steps" />

      <section className="container" id="apply">
        <h2 className="section-title">提交加盟申请</h2>
        <div className={styles.formCard}>
          {apply.isSuccess ? (
            <p className={`${form.status} ${form.ok}`} role="status">
              {Messages.leadSent}：招商经理将在 1 个工作日内与您电话联系。
            </p>
          ) : (
            <form className={form.form} noValidate onSubmit={submit} aria-label="加盟申请">
              <div className={form.row}>
                <NameField value={values.name} error={errors.name} onChange={(v) => set({ name: v })} />
                <PhoneField value={values.phone} error={errors.phone} onChange={(v) => set({ phone: v })} />
              </div>
              <RegionFields
                province={values.province}
                city={values.city}
                errors={errors}
                onChange={(next) => set(next.province === values.province ? { city: next.city } : next)}
              />
              <div className={form.field}>
                <label className={form.label} htmlFor="join-comment">
                  留言（选填）
                </label>
                <textarea
                  id="join-comment"
                  name="comment"
                  className={form.textarea}
                  maxLength={300}
                  placeholder="您的从业经历、意向开店区域等"
                  value={values.comment}
                  onChange={(e) => set({ comment: e.target.value })}
                />
              </div>
              <ConsentField checked={values.consent} error={errors.consent} onChange={(v) => set({ consent: v })} />
              <MarketingConsentField checked={values.marketing} onChange={(v) => set({ marketing: v })} />
              <FormFailure error={apply.error} prefix={Messages.leadFailed} />
              <SubmitButton pending={apply.isPending} label="提交申请" />
            </form>
          )}
        </div>
      </section>
    </div>
  );
}
