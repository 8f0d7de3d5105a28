import { Badge } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { resolvePeriod, type PaymentsSearch } from './search';
import { t } from '../../i18n';

const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
const show = (day: string) => date.format(new Date(`${day}T12:00:00Z`));

/** The days the figures cover, "01/11/2026 a 26/11/2026" (São Paulo days). */
export function PeriodLine({ search }: { search: PaymentsSearch }) {
  const { from, to } = resolvePeriod(search);
  return (
    <Badge variant="light" color="gray" size="lg" radius="sm" tt="none" fw={500} leftSection={<IconCalendar size={14} />} data-testid="financial-period-line">
      {from === to ? show(from) : t('financial.periodRange', { from: show(from), to: show(to) })}
    </Badge>
  );
}
