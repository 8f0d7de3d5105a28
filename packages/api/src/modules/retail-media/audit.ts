import type { Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** The fields whose changes the audit timeline records (spec §4 change log). */
export const AUDITED_FIELDS = [
  'active',
  'name',
  'start_at',
  'end_at',
  'daily_budget',
  'total_budget',
  'cpm',
  'cpc',
  'products',
  'keyword',
  'category',
  'subpublisher',
] as const;
export type AuditedField = (typeof AUDITED_FIELDS)[number];

export type AuditValue = Prisma.InputJsonValue | null;

export interface AuditEntry {
  campaignId: number;
  entity: 'campaign' | 'ad';
  entityId: number;
  /** create, update, delete, cancel, review… */
  action: string;
  fieldName?: AuditedField | null;
  oldValue?: AuditValue;
  newValue?: AuditValue;
  details?: AuditValue;
  userId: number | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One `update` entry per audited field whose value differs between `before` and `after`
 * (values already in their API shape: reais, ISO dates, sorted lists).
 */
export function changedFields(
  base: Omit<AuditEntry, 'fieldName' | 'oldValue' | 'newValue' | 'action'>,
  before: Partial<Record<AuditedField, AuditValue>>,
  after: Partial<Record<AuditedField, AuditValue>>,
): AuditEntry[] {
  return (Object.keys(after) as AuditedField[])
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ ...base, action: 'update', fieldName: field, oldValue: before[field] ?? null, newValue: after[field] ?? null }));
}

/** Writes audit entries inside the transaction of the change they describe. */
export async function recordAudit(tx: Tx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.auditChange.createMany({
    data: entries.map((e) => ({
      campaignId: e.campaignId,
      entity: e.entity,
      entityId: e.entityId,
      action: e.action,
      fieldName: e.fieldName ?? null,
      oldValue: e.oldValue ?? undefined,
      newValue: e.newValue ?? undefined,
      details: e.details ?? undefined,
      userId: e.userId,
    })),
  });
}
