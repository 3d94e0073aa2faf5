// 我的数据 and 注销账号 (issue #26, docs/decisions/0076). The privacy module owns no table: every
// module that keeps a customer's data answers its part of the export and forgets it inside the
// closing's transaction (docs/decisions/0040); this service asks them all, in one place, so a kind of
// data is never listed without being forgotten too.
import { type ClosingCheck, type DataFile, type DataSection, maskPhone, PrivacyMessages } from "@yj/contract";
import type { Db } from "../../db/client.js";
import { chinaMinute } from "../../lib/china-time.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, notFound } from "../../lib/errors.js";
import { forgetPhoneRateKeys } from "../../limits/db-rate-limiter.js";
import type { CloseCodes } from "../accounts/accounts-module.js";
import {
  accountData,
  customerById,
  customerByPhone,
  type DataSubject,
  forgetAccount,
} from "../accounts/customer-data.js";
import { type Actor, type AuditRef, notedRefs, recordAudit, redactInAudit } from "../audit/audit.js";
import { chatData, conversationIdsOf, forgetChats } from "../chat/customer-data.js";
import { forgetLeadsOf, leadIdsOf, leadsData } from "../leads/forget.js";
import { forgetCustomerUploads } from "../media/index.js";
import { customerOrderIds, forgetOrdersCustomer, ordersClosingRefusals, ordersData } from "../orders/customer-data.js";
import { forgetPayer, paymentsClosingRefusals, paymentsData } from "../payments/customer-data.js";
import { forgetOwner, projectIdsOf, projectsClosingRefusals, projectsData } from "../projects/customer-data.js";
import { dataWorkbook } from "./data-workbook.js";

type Reader = Db;

/** The columns whose values name the customer: redacted from the audit's kept values at closing. */
const PERSONAL_COLUMNS = new Set([
  "name",
  "consignee",
  "phone",
  "address",
  "detail",
  "payerName",
  "payerPhone",
  "ownerName",
  "ownerPhone",
  "mobile",
]);

/** Who closed the account when the customer did it themselves (the audit's actor). */
const CUSTOMER_ACTOR_NAME = "顾客本人";

export interface PrivacyDeps {
  db: Db;
  now: Clock;
  closeCodes: CloseCodes;
}

export class PrivacyService {
  constructor(private readonly deps: PrivacyDeps) {}

  /** Everything the shop holds about the customer, by kind, in the order 我的数据 shows it. */
  async sections(reader: Reader, who: DataSubject): Promise<DataSection[]> {
    const orders = await customerOrderIds(reader, who.customerId);
    const leadIds = await leadIdsOf(reader, who.mobile);
    return [
      ...(await accountData(reader, who)),
      ...(await ordersData(reader, who.customerId)),
      ...(await paymentsData(reader, { mobile: who.mobile, orderIds: orders.map((o) => o.id) })),
      ...(await leadsData(reader, who.mobile)),
      ...(await chatData(reader, { customerId: who.customerId, leadIds })),
      ...(await projectsData(reader, who)),
    ];
  }

  /** Every reason the account cannot close now; none means it can. */
  async closingCheck(reader: Reader, who: DataSubject): Promise<ClosingCheck> {
    const orders = await customerOrderIds(reader, who.customerId);
    const reasons = [
      ...(await ordersClosingRefusals(reader, who.customerId)),
      ...(await paymentsClosingRefusals(reader, { mobile: who.mobile, orderIds: orders.map((o) => o.id) })),
      ...(await projectsClosingRefusals(reader, who)),
    ];
    const unique = [...new Set(reasons)];
    return { allowed: unique.length === 0, reasons: unique };
  }

  async myData(who: DataSubject) {
    const { db } = this.deps;
    return {
      maskedMobile: maskPhone(who.mobile),
      generatedAt: this.deps.now().toISOString(),
      sections: await this.sections(db, who),
      closing: await this.closingCheck(db, who),
    };
  }

  async workbook(who: DataSubject): Promise<DataFile> {
    const now = this.deps.now();
    const content = await this.workbookOf(await this.sections(this.deps.db, who), now);
    return { fileName: `我的数据-${stamp(now)}.xlsx`, contentBase64: content };
  }

  private async workbookOf(sections: DataSection[], now: Date): Promise<string> {
    return (await dataWorkbook(sections, now)).toString("base64");
  }

  /** The code is sent only when nothing keeps the account open, so a refusal costs no SMS. */
  async sendCloseCode(who: DataSubject, clientIp: string): Promise<void> {
    refuseUnless(await this.closingCheck(this.deps.db, who));
    await this.deps.closeCodes.send(who.mobile, clientIp);
  }

  /** 注销账号: the code is used and the account closed in one transaction, at once. */
  async close(who: DataSubject, code: string, clientIp: string): Promise<void> {
    await this.deps.closeCodes.confirm(who.mobile, code, clientIp, async (tx) => {
      await this.closeInside(
        tx,
        who,
        { staffId: null, staffName: CUSTOMER_ACTOR_NAME, ip: clientIp },
        "customer.close",
      );
    });
  }

  /**
   * Re-checks the refusals inside the transaction (an order may have been made since the page was
   * opened), forgets every kind of data, and writes the audit record without the phone: its id and
   * the ids of the records it touched, so the customer's trail can still be found.
   */
  private async closeInside(tx: Db, who: DataSubject, actor: Actor, action: string): Promise<void> {
    const now = this.deps.now();
    refuseUnless(await this.closingCheck(tx, who));
    const refs = await this.refsOf(tx, who);
    const held = await this.sections(tx, who);
    const personal = personalValues(held);
    const orders = await customerOrderIds(tx, who.customerId);
    const leadIds = await leadIdsOf(tx, who.mobile);
    const chats = await forgetChats(tx, { customerId: who.customerId, leadIds });
    await forgetLeadsOf(tx, who.mobile);
    const paid = await forgetPayer(tx, { mobile: who.mobile, orderIds: orders.map((o) => o.id) });
    const ordered = await forgetOrdersCustomer(tx, who.customerId);
    const projects = await forgetOwner(tx, who, now);
    const pictures = await forgetCustomerUploads(tx, customerPictures(held));
    await forgetPhoneRateKeys(tx, who.mobile);
    await redactInAudit(tx, personal);
    const account = await forgetAccount(tx, who, now);
    await recordAudit(
      tx,
      actor,
      {
        action,
        entity: "customer",
        entityId: who.customerId,
        after: {
          ...account,
          ...ordered,
          ...paid,
          leads: leadIds.length,
          chats: chats.length,
          projects: projects.length,
          pictures,
          refs,
        },
      },
      now,
    );
  }

  /** The records the audit may name for this customer (the audit page's customer filter). */
  private async refsOf(reader: Reader, who: DataSubject): Promise<AuditRef[]> {
    const orders = await customerOrderIds(reader, who.customerId);
    const leadIds = await leadIdsOf(reader, who.mobile);
    const chats = await conversationIdsOf(reader, { customerId: who.customerId, leadIds });
    const projects = await projectIdsOf(reader, who);
    return [
      { entity: "customer", entityId: String(who.customerId) },
      ...orders.map((o) => ({ entity: "order", entityId: o.orderNo })),
      ...leadIds.map((id) => ({ entity: "lead", entityId: String(id) })),
      ...chats.map((id) => ({ entity: "chat_conversation", entityId: String(id) })),
      ...projects.map((id) => ({ entity: "project", entityId: String(id) })),
    ];
  }

  /**
   * The audit page's filter by customer: the records about them now, and for a closed account the
   * ones its closing noted (its leads and conversations are gone, their audit rows are not).
   */
  async auditRefs(customerId: number): Promise<AuditRef[]> {
    const { db } = this.deps;
    const customer = await customerById(db, customerId);
    if (!customer) return [];
    const live = await this.refsOf(db, { customerId, mobile: customer.mobile });
    const noted = await notedRefs(db, String(customerId), ["customer.close", "customer.delete"]);
    const seen = new Set<string>();
    return [...live, ...noted].filter((r) => {
      const key = `${r.entity}:${r.entityId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  // ── Back office (管理员, docs/decisions/0076) ──────────────────────────────────────────────────

  async lookup(phone: string) {
    const { db } = this.deps;
    const customer = await customerByPhone(db, phone);
    if (!customer) return { customer: null };
    const who = { customerId: customer.id, mobile: customer.mobile };
    const sections = await this.sections(db, who);
    return {
      customer: {
        id: customer.id,
        mobile: customer.mobile,
        createdAt: customer.createdAt.toISOString(),
        lastLoginAt: customer.lastLoginAt.toISOString(),
        holdings: sections.map((s) => ({ key: s.key, title: s.title, count: s.rows.length })),
        closing: await this.closingCheck(db, who),
      },
    };
  }

  /** A customer's data on request: read and recorded in one transaction, so nothing leaves unrecorded. */
  async adminExport(actor: Actor, customerId: number) {
    const now = this.deps.now();
    const sections = await this.deps.db.transaction(async (tx) => {
      const who = await liveSubject(tx, customerId);
      const found = await this.sections(tx, who);
      await recordAudit(
        tx,
        actor,
        {
          action: "customer.export",
          entity: "customer",
          entityId: customerId,
          after: { sections: found.map((s) => ({ key: s.key, rows: s.rows.length })) },
        },
        now,
      );
      return found;
    });
    const name = `顾客数据-${customerId}-${stamp(now)}`;
    return {
      workbook: { fileName: `${name}.xlsx`, contentBase64: await this.workbookOf(sections, now) },
      json: {
        fileName: `${name}.json`,
        contentBase64: Buffer.from(JSON.stringify(exportJson(sections, now), null, 2)).toString("base64"),
      },
    };
  }

  /** Deletes a customer's data on request: the closing's rules and refusals, recorded as staff's act. */
  async adminDelete(actor: Actor, customerId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const who = await liveSubject(tx, customerId);
      await this.closeInside(tx, who, actor, "customer.delete");
    });
  }
}

async function liveSubject(reader: Reader, customerId: number): Promise<DataSubject> {
  const customer = await customerById(reader, customerId);
  if (!customer) throw notFound(PrivacyMessages.customerNotFound);
  if (customer.closedAt) throw new AppError("business", PrivacyMessages.customerClosed);
  return { customerId, mobile: customer.mobile };
}

function refuseUnless(check: ClosingCheck) {
  if (!check.allowed) throw new AppError("business", check.reasons.join("；"));
}

function personalValues(sections: DataSection[]): string[] {
  const values: string[] = [];
  for (const section of sections) {
    for (const row of section.rows) {
      for (const [key, value] of Object.entries(row)) {
        if (PERSONAL_COLUMNS.has(key) && typeof value === "string" && value) values.push(value);
      }
    }
  }
  return values;
}

/** The pictures the customer uploaded: after-sales photos, and those they sent in the chat. */
function customerPictures(sections: DataSection[]): string[] {
  const urls: string[] = [];
  for (const section of sections) {
    for (const row of section.rows) {
      if (section.key === "afterSales" && typeof row.photos === "string") urls.push(...row.photos.split("\n"));
      if (section.key === "chatMessages" && row.sender === "我" && typeof row.picture === "string")
        urls.push(row.picture);
    }
  }
  return urls.filter(Boolean);
}

/** The JSON export: each kind of data by its key, its rows as they are shown. */
export function exportJson(sections: DataSection[], now: Date) {
  return {
    exportedAt: now.toISOString(),
    data: Object.fromEntries(sections.map((s) => [s.key, { title: s.title, rows: s.rows }])),
  };
}

const stamp = (now: Date) => chinaMinute(now).replace(/[^\d]/g, "").slice(0, 12);
