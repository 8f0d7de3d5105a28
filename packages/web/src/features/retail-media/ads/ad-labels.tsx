import { Badge, Tooltip } from '@mantine/core';
import type { AdStatus, AdType } from './api';
import { formatInt, formatMoney } from '../../../shared/ui/format';
import { t } from '../../../i18n';

export const adTypeLabel = (type: AdType) => t(`rmAds.types.${type}`);

const STATUS_COLORS: Record<AdStatus, string> = { pending_review: 'yellow', approved: 'green', rejected: 'red' };

/** Em revisão / Aprovado / Reprovado; a rejected ad shows the publisher's note on hover. */
export function AdStatusBadge({ status, note }: { status: AdStatus; note?: string | null }) {
  const badge = (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      // The whole word, even in a narrow table column.
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
      style={{ cursor: status === 'rejected' && note ? 'help' : undefined }}
    >
      {t(`rmAds.status.${status}`)}
    </Badge>
  );
  if (status !== 'rejected' || !note) return badge;
  return (
    <Tooltip label={t('rmAds.status.rejectedNote', { note })} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  );
}

/** Spec §4: pending_review and rejected ads have no metrics; the table shows a dash. */
export const DASH = '—';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ratio = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatCount = (value: number | undefined) => (value === undefined ? DASH : formatInt(value));
export const formatPercent = (value: number | undefined) => (value === undefined ? DASH : percent.format(value));
export const formatAmount = (value: number | undefined) => (value === undefined ? DASH : formatMoney(value));
export const formatRoas = (value: number | undefined) => (value === undefined ? DASH : `${ratio.format(value)}x`);
