// The leads module's part of a customer's data (docs/decisions/0040, 0076): every lead left with their
// phone, with its consent record, listed for the export and deleted when the account is closed (the
// notes and queued notifications go with it; a project or conversation keeps no link to it). The
// retention of leads that never became customers is lead-retention.ts's.
import { type DataSection, LEAD_KIND_LABELS, LEAD_STATE_LABELS, type LeadState, sourceLabel } from "@yj/contract";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { leads } from "../../db/schema.js";

type Reader = Pick<Db, "select">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function leadsData(reader: Reader, phone: string): Promise<DataSection[]> {
  const rows = await reader
    .select()
    .from(leads)
    .where(eq(leads.phone, phone))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  return [
    {
      key: "leads",
      title: "预约与报价申请",
      columns: [
        { key: "id", header: "编号" },
        { key: "kind", header: "类型" },
        { key: "name", header: "姓名" },
        { key: "phone", header: "手机号" },
        { key: "province", header: "省份" },
        { key: "city", header: "城市" },
        { key: "origin", header: "来源" },
        { key: "details", header: "填写内容" },
        { key: "state", header: "跟进状态" },
        { key: "consent", header: "同意隐私政策" },
        { key: "consentAt", header: "同意时间" },
        { key: "marketingConsent", header: "同意优惠回访" },
        { key: "marketingConsentAt", header: "同意回访时间" },
        { key: "createdAt", header: "提交时间" },
      ],
      rows: rows.map((lead) => ({
        id: lead.id,
        kind: LEAD_KIND_LABELS[lead.kind],
        name: lead.name,
        phone: lead.phone,
        province: lead.province,
        city: lead.city,
        origin: sourceLabel(lead.origin),
        details: JSON.stringify(lead.payload),
        state: LEAD_STATE_LABELS[lead.state as LeadState] ?? lead.state,
        consent: lead.consent ? "是" : "否",
        consentAt: iso(lead.consentAt),
        marketingConsent: lead.marketingConsent ? "是" : "否",
        marketingConsentAt: iso(lead.marketingConsentAt),
        createdAt: iso(lead.createdAt),
      })),
    },
  ];
}

/** Deletes the phone's leads inside the closing's transaction; answers their ids (for the audit). */
export async function forgetLeadsOf(tx: Db, phone: string): Promise<number[]> {
  const gone = await tx.delete(leads).where(eq(leads.phone, phone)).returning({ id: leads.id });
  return gone.map((l) => l.id);
}

/** The phone's lead ids: the audit page finds a customer's records by them. */
export async function leadIdsOf(reader: Reader, phone: string): Promise<number[]> {
  const rows = await reader.select({ id: leads.id }).from(leads).where(eq(leads.phone, phone));
  return rows.map((r) => r.id);
}
