// Lead rules (docs/product.md §5, §7; R12, R14): every lead form is limited per phone and per client address,
// stored once per phone, kind and day with its consent, and announced through the outbox.

import { createHmac } from "node:crypto";
import type { LeadKind } from "@yj/contract";
import {
  type ActivityBody,
  type AppointmentBody,
  type CityPartnerBody,
  type DenominateBody,
  type EstimateBody,
  type EstimateData,
  halfCentsPerM2,
  hardCentsPerM2,
  LEAD_KIND_LABELS,
  leadOrigin,
  maskPhone,
  type PutCardsBody,
  sourceLabel,
} from "@yj/contract";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Clock } from "../../lib/clock.js";
import { notFound } from "../../lib/errors.js";
import { consumeOrThrow, type RateLimiter } from "../../limits/rate-limiter.js";
import type { EstimateRatesStore } from "../site-settings/estimate-rates.js";
import type { SiteSettingsService } from "../site-settings/service.js";
import { areaHundredths, estimate } from "./estimate.js";
import type { LeadStore, LeadSubmission, WrittenLead } from "./lead-store.js";
import { LEAD_RULES_PER_IP, leadRulesPerPhone } from "./limits.js";

/** The activity the sign-up counter counts (the /decorate-act landing page). */
export const CURRENT_ACTIVITY = "decorate-act";

export interface LeadsDeps {
  store: LeadStore;
  rates: EstimateRatesStore;
  siteSettings: SiteSettingsService;
  limiter: RateLimiter;
  now: Clock;
  /** Key of the client-address HMAC. */
  ipHashSecret: string;
  log: FastifyBaseLogger;
  /** Called after a lead is committed: wakes the delivery job. */
  onWritten: () => void;
}

type Parsed<T extends z.ZodType> = z.output<T>;

/** What the chat module hands over when a visitor leaves a phone (consent is required there). */
export interface ChatLeadSubmission {
  phone: string;
  name: string;
  city: string;
  page: string;
  conversationId: number;
  transcript: { sender: string; text: string; picture?: string; at: string }[];
  /**
   * Who made it: the visitor, with the privacy consent ticked, or a member of staff (转为线索) from a
   * number the visitor gave in the conversation: no consent recorded, and none of the visitor limits
   * (staff writes have the back office's own limit).
   */
  by: "visitor" | "staff";
  /** The optional consent to be called about offers, the visitor's own (docs/decisions/0077). */
  marketingConsent?: boolean;
}

export class LeadsService {
  constructor(private readonly deps: LeadsDeps) {}

  appointment(body: Parsed<typeof AppointmentBody>, clientIp: string) {
    const { consent, marketingConsent, ...payload } = body;
    const { province, city } = body;
    return this.submit(
      {
        kind: "appointment",
        phone: body.phone,
        province,
        city,
        origin: sourceLabel(body.originDetail),
        payload,
        consent: consent === true,
        marketingConsent: marketingConsent === true,
      },
      clientIp,
    );
  }

  /** Both payload readings (docs/product.md §3); answers both response readings, in cents (ADR 0019). */
  async estimate(body: Parsed<typeof EstimateBody>, clientIp: string): Promise<EstimateData> {
    const phone = body.phone ?? body.mobile;
    // The contract requires one of them; this guards any other caller.
    if (!phone) throw notFound("请输入手机号");
    await this.limit("estimate", phone, clientIp);
    const hardPrice = await this.deps.siteSettings.hardPrice(body.city);
    const rooms = await this.deps.rates.forCity(hardPrice.city);
    if (!rooms) throw notFound("该城市暂未开通报价");
    const basis = {
      city: hardPrice.city,
      province: hardPrice.province,
      fallback: hardPrice.fallback,
      area: areaHundredths(body.area) / 100,
      bedRoom: body.room ?? body.bedRoom ?? 1,
      livingRoom: body.hall ?? body.livingRoom ?? 1,
      toilet: body.wei ?? body.toilet ?? 1,
      soft: (body.isSoft ?? body.hasSoft) === 1,
      appliance: (body.isElectric ?? body.hasJd) === 1,
      packagePriceCentsPerM2: hardPrice.packagePriceCentsPerM2,
      // The figures /heartPage shows for the city (docs/decisions/0052).
      hardCentsPerM2: hardCentsPerM2(hardPrice),
      halfCentsPerM2: halfCentsPerM2(hardPrice),
    };
    const amounts = estimate(hardPrice, rooms, basis);
    const { consent, marketingConsent, ...payload } = body;
    await this.write(
      {
        kind: "estimate",
        phone,
        province: body.province,
        city: body.city,
        origin: body.type || "在线报价",
        payload,
        consent: consent === true,
        marketingConsent: marketingConsent === true,
      },
      clientIp,
    );
    return { ...amounts, basis };
  }

  cityPartner(body: Parsed<typeof CityPartnerBody>, clientIp: string) {
    const { province, city } = body;
    return this.submitForm(body, { kind: "franchise", province, city, origin: "加盟页" }, clientIp);
  }

  activity(body: Parsed<typeof ActivityBody>, clientIp: string) {
    const { province, city } = body;
    const origin = leadOrigin(`/${body.activity}`, LEAD_KIND_LABELS.activity);
    return this.submitForm(body, { kind: "activity", province, city, origin }, clientIp);
  }

  /** The activity's entry; its deposit (Alipay) comes with Commerce. */
  denominate(body: Parsed<typeof DenominateBody>, clientIp: string) {
    const { province, city } = body;
    // The deposit form of the activity page (docs/decisions/0052), named as staff know it.
    const origin = leadOrigin(`/${CURRENT_ACTIVITY}`, LEAD_KIND_LABELS.denominate);
    return this.submitForm(body, { kind: "denominate", province, city, origin }, clientIp);
  }

  putCards(body: Parsed<typeof PutCardsBody>, clientIp: string) {
    const { province, city } = body;
    const origin = sourceLabel(body.originDetail) || leadOrigin("/iframe");
    return this.submitForm(body, { kind: "panorama", province, city, origin }, clientIp);
  }

  /**
   * A phone left in the live chat (docs/decisions/0075): a lead of kind 在线咨询 through the same
   * limits, dedupe and outbox as every form, the conversation's transcript kept as its payload.
   */
  chat(lead: ChatLeadSubmission, clientIp: string): Promise<WrittenLead> {
    const { phone, name, city, page, conversationId, transcript, by, marketingConsent } = lead;
    const submission = {
      kind: "chat" as const,
      phone,
      name,
      city,
      origin: leadOrigin(page || "/", LEAD_KIND_LABELS.chat),
      payload: { conversationId, page, transcript },
      consent: by === "visitor",
      // Staff cannot consent for the visitor: only the visitor's own tick counts.
      marketingConsent: by === "visitor" && marketingConsent === true,
    };
    return by === "visitor" ? this.submit(submission, clientIp) : this.write(submission, clientIp);
  }

  /** Owners served: the base figure of the site settings plus distinct phones among all leads. */
  async servedCount(): Promise<number> {
    const [base, phones] = await Promise.all([
      this.deps.siteSettings.servedOwnersBase(),
      this.deps.store.distinctPhones(),
    ]);
    return base + phones;
  }

  /** Sign-ups for the activity: distinct phones among its leads. */
  activityCount(): Promise<number> {
    return this.deps.store.distinctPhones("activity");
  }

  /**
   * A form's lead: the kind's own fields, the form's phone and name, its consent (R12), and the whole
   * form but the consent kept as the payload.
   */
  private submitForm(
    body: { phone: string; name?: string; consent?: boolean; marketingConsent?: boolean },
    lead: Pick<LeadSubmission, "kind" | "origin" | "province" | "city">,
    clientIp: string,
  ): Promise<WrittenLead> {
    const { consent, marketingConsent, ...payload } = body;
    return this.submit(
      {
        ...lead,
        phone: body.phone,
        name: body.name,
        payload,
        consent: consent === true,
        marketingConsent: marketingConsent === true,
      },
      clientIp,
    );
  }

  private async submit(lead: Omit<LeadSubmission, "ipHash">, clientIp: string): Promise<WrittenLead> {
    await this.limit(lead.kind, lead.phone, clientIp);
    return this.write(lead, clientIp);
  }

  /** R12: counted before anything is written; a refused lead writes nothing. */
  private limit(kind: LeadKind, phone: string, clientIp: string) {
    return consumeOrThrow(
      this.deps.limiter,
      [
        { key: `lead:ip:${clientIp}`, rules: LEAD_RULES_PER_IP },
        { key: `lead:phone:${kind}:${phone}`, rules: leadRulesPerPhone(kind) },
      ],
      this.deps.now(),
      "提交过于频繁",
    );
  }

  private async write(lead: Omit<LeadSubmission, "ipHash">, clientIp: string): Promise<WrittenLead> {
    const ipHash = createHmac("sha256", this.deps.ipHashSecret)
      .update(`lead-ip:${clientIp}`)
      .digest("hex")
      .slice(0, 32);
    const written = await this.deps.store.write({ ...lead, ipHash }, this.deps.now());
    this.deps.log.info(
      { leadId: written.id, kind: lead.kind, phone: maskPhone(lead.phone), event: written.event },
      "lead written",
    );
    this.deps.onWritten();
    return written;
  }
}
