// What the payment core may ask of a project's instalments (docs/decisions/0069): what is due, and
// marking one paid in the notify's transaction. The payment core calls these through index.ts; it
// never writes the projects tables itself (docs/decisions/0040).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { projectInstalments, projects } from "../../db/schema.js";

export interface InstalmentDue {
  instalmentId: number;
  projectId: number;
  ownerPhone: string;
  customerId: number | null;
  amountCents: number;
  status: "locked" | "payable" | "paid";
}

/** The instalment and its owner, for a pay step to check who pays and how much is due. */
export async function instalmentDue(reader: Pick<Db, "select">, instalmentId: number): Promise<InstalmentDue | null> {
  const [row] = await reader
    .select({
      instalmentId: projectInstalments.id,
      projectId: projectInstalments.projectId,
      ownerPhone: projects.ownerPhone,
      customerId: projects.customerId,
      amountCents: projectInstalments.amountCents,
      status: projectInstalments.status,
    })
    .from(projectInstalments)
    .innerJoin(projects, eq(projects.id, projectInstalments.projectId))
    .where(eq(projectInstalments.id, instalmentId))
    .limit(1);
  return row ?? null;
}

/**
 * Marks a payable instalment paid, in the caller's (the notify's) transaction. The status guard makes
 * it happen once however many notifies arrive, and never for an instalment whose stage is not yet
 * accepted (locked) — the same guard as an order's (ADR 0025). Answers whether this call paid it.
 */
export async function markInstalmentPaid(
  tx: Db,
  instalmentId: number,
  amountCents: number,
  now: Date,
): Promise<boolean> {
  const paid = await tx
    .update(projectInstalments)
    .set({ status: "paid", paidAt: now })
    .where(
      and(
        eq(projectInstalments.id, instalmentId),
        eq(projectInstalments.status, "payable"),
        eq(projectInstalments.amountCents, amountCents),
      ),
    )
    .returning({ id: projectInstalments.id });
  return paid.length > 0;
}

/**
 * A staff refund of a paid instalment succeeded (docs/decisions/0079), in the settling transaction:
 * the instalment is due again (payable, its stage still accepted) and keeps what was given back.
 * Guarded on paid, so a notify and the job settling the same refund move it once. Answers whether
 * this call moved it.
 */
export async function markInstalmentRefunded(
  tx: Db,
  instalmentId: number,
  amountCents: number,
  now: Date,
): Promise<boolean> {
  const moved = await tx
    .update(projectInstalments)
    .set({
      status: "payable",
      paidAt: null,
      payableAt: now,
      refundedCents: sql`${projectInstalments.refundedCents} + ${amountCents}`,
    })
    .where(and(eq(projectInstalments.id, instalmentId), eq(projectInstalments.status, "paid")))
    .returning({ projectId: projectInstalments.projectId });
  if (moved[0]) await tx.update(projects).set({ updatedAt: now }).where(eq(projects.id, moved[0].projectId));
  return moved.length > 0;
}

/** A project's instalment ids (the payment core lists their refunds for the project's page). */
export async function instalmentIdsOf(reader: Pick<Db, "select">, projectId: number): Promise<number[]> {
  const rows = await reader
    .select({ id: projectInstalments.id })
    .from(projectInstalments)
    .where(eq(projectInstalments.projectId, projectId));
  return rows.map((r) => r.id);
}

/**
 * Whether this customer owns the project: linked to their account, or made for the phone they log
 * in with and not yet linked (the rule of 我的装修, docs/decisions/0069). The owner's photo upload
 * asks before it reads a byte (docs/decisions/0079).
 */
export async function ownsProject(
  reader: Pick<Db, "select">,
  customer: { id: number; mobile: string },
  projectId: number,
): Promise<boolean> {
  const [row] = await reader
    .select({ customerId: projects.customerId, ownerPhone: projects.ownerPhone })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return Boolean(
    row && (row.customerId === customer.id || (row.customerId === null && row.ownerPhone === customer.mobile)),
  );
}
