import type { MantineColor } from '@mantine/core';
import { isoToDateHour } from '../../../shared/ui/sao-paulo-time';
import type { CampaignAuditEntry } from './api';
import { formatDate, formatMoney } from './describe';
import { t } from '../../../i18n';

const MONEY_FIELDS = new Set(['daily_budget', 'total_budget', 'cpm', 'cpc']);
const DATE_FIELDS = new Set(['start_at', 'end_at']);
/** Fields with their own titles in pt-BR.json (rmCampaigns.audit.fields). */
const KNOWN_FIELDS = new Set(['name', 'start_at', 'end_at', 'daily_budget', 'total_budget', 'cpm', 'cpc', 'products', 'keyword', 'category', 'subpublisher']);

export interface AuditDay {
  /** YYYY-MM-DD in São Paulo. */
  date: string;
  entries: Array<CampaignAuditEntry & { hour: string }>;
}

/** Spec §2: the timeline is grouped by São Paulo day, keeping the API's order (most recent first). */
export function groupAuditByDay(entries: CampaignAuditEntry[]): AuditDay[] {
  const days: AuditDay[] = [];
  for (const entry of entries) {
    const { date, hour } = isoToDateHour(entry.created_at);
    let day = days.find((d) => d.date === date);
    if (!day) {
      day = { date, entries: [] };
      days.push(day);
    }
    day.entries.push({ ...entry, hour });
  }
  return days;
}

/** Spec §2: ad changes in the primary colour, every other entity in success green. */
export const auditColor = (entry: Pick<CampaignAuditEntry, 'entity'>, primary: MantineColor): MantineColor => (entry.entity === 'ad' ? primary : 'green');

const ACTION_TITLES = new Set(['create', 'cancel', 'delete', 'approve', 'reject']);

/** A pt-BR title from the action and the field, e.g. "Orçamento diário alterado", "Anúncio aprovado". */
export function auditTitle(entry: CampaignAuditEntry): string {
  const entity = entry.entity;
  const field = entry.field_name;
  if (field === 'active') return t(`rmCampaigns.audit.active.${entity}.${entry.new_value === true ? 'on' : 'off'}`);
  if (field) {
    const verb = entry.action === 'create' || entry.action === 'add' ? 'added' : entry.action === 'delete' || entry.action === 'remove' ? 'removed' : 'updated';
    if (KNOWN_FIELDS.has(field)) return t(`rmCampaigns.audit.fields.${field}.${verb}`);
    return t('rmCampaigns.audit.fieldChanged', { field });
  }
  if (ACTION_TITLES.has(entry.action)) return t(`rmCampaigns.audit.actions.${entity}.${entry.action}`);
  return t('rmCampaigns.audit.actionOther', { entity: t(`rmCampaigns.audit.entities.${entity}`), action: entry.action });
}

/** One audited value in pt-BR: money in R$, dates dd/mm/aaaa, booleans Ativada/Desativada, lists joined. */
export function formatAuditValue(field: string | null, value: unknown): string {
  if (value === null || value === undefined) return field === 'end_at' ? t('rmCampaigns.period.alwaysOn') : t('rmCampaigns.none');
  if (typeof value === 'boolean') return t(value ? 'rmCampaigns.audit.on' : 'rmCampaigns.audit.off');
  if (typeof value === 'number') return field && MONEY_FIELDS.has(field) ? formatMoney(value) : String(value);
  if (typeof value === 'string') {
    if ((field && DATE_FIELDS.has(field)) || /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : formatDate(isoToDateHour(value).date);
    }
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? t('rmCampaigns.none') : value.map((v) => formatAuditValue(field, v)).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const label = o.name ?? o.keyword ?? o.sku ?? o.category;
    if (typeof label === 'string') return label;
  }
  return JSON.stringify(value);
}

/** "old → new" of a change, or only the value added or removed. */
export function auditChange(entry: CampaignAuditEntry): string | null {
  if (!entry.field_name) return null;
  const hasOld = entry.old_value !== null && entry.old_value !== undefined;
  const hasNew = entry.new_value !== null && entry.new_value !== undefined;
  if (entry.action === 'update' || entry.field_name === 'end_at' || (hasOld && hasNew)) {
    return `${formatAuditValue(entry.field_name, entry.old_value)} → ${formatAuditValue(entry.field_name, entry.new_value)}`;
  }
  if (hasNew) return formatAuditValue(entry.field_name, entry.new_value);
  if (hasOld) return formatAuditValue(entry.field_name, entry.old_value);
  return null;
}

/** A review's note (approve/reject details `{ note }`), when there is one. */
export function auditNote(entry: CampaignAuditEntry): string | null {
  const details = entry.details as { note?: unknown } | null | undefined;
  return details && typeof details === 'object' && typeof details.note === 'string' && details.note ? details.note : null;
}

/** The creation payload, shown only in debug (the API sends it only with debug=true). */
export function auditPayload(entry: CampaignAuditEntry): string | null {
  if (entry.action !== 'create' || entry.details === null || entry.details === undefined) return null;
  return JSON.stringify(entry.details, null, 2);
}
