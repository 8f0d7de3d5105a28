import { ActionIcon, Badge, Button, Card, Group, Indicator, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendarOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { PageLoader } from '../../shared/components/page-loader';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { todayInSaoPaulo } from '../../shared/ui/sao-paulo-time';
import { daysOffQuery, useAccountId, useCreateDayOff, useDeleteDayOff, type DayWithoutWork } from './api';
import { DayOffModal } from './day-off-modal';
import { formatDate, weekdayLong, weekdayOf } from './schedule';
import { t } from '../../i18n';

interface Props {
  locationId: number;
  storeName: string;
  canEdit: boolean;
}

const dayLabel = (day: DayWithoutWork) => `${weekdayLong(weekdayOf(day.date))}, ${formatDate(day.date)}`;

/** The calendar of days without work (holidays, closures) of a store, and of every store. */
export function DaysOffPanel({ locationId, storeName, canEdit }: Props) {
  const accountId = useAccountId();
  const days = useQuery(daysOffQuery(accountId, locationId));
  const create = useCreateDayOff();
  const remove = useDeleteDayOff();
  const confirm = useConfirmModal();
  const [adding, setAdding] = useState<{ date: string | null } | null>(null);
  const today = todayInSaoPaulo();
  const [month, setMonth] = useState(today);

  const byDate = new Map((days.data ?? []).map((d) => [d.date, d]));
  const upcoming = (days.data ?? []).filter((d) => d.date >= today).sort((a, b) => a.date.localeCompare(b.date));

  const askRemove = (day: DayWithoutWork) =>
    confirm.open({
      title: t('slots.daysOff.removeTitle'),
      message: t('slots.daysOff.removeMessage', { date: dayLabel(day) }),
      confirmLabel: t('slots.daysOff.removeConfirm'),
      confirmColor: 'red',
      onConfirm: () => remove.mutateAsync(day.id),
    });

  let body;
  if (days.isError) body = <LoadError error={days.error} retrying={days.isFetching} onRetry={() => void days.refetch()} />;
  else if (!days.data) body = <PageLoader compact label={t('slots.daysOff.loading')} />;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Group justify="center" align="flex-start">
          <DatePicker
            firstDayOfWeek={0}
            weekendDays={[]}
            date={month}
            onDateChange={setMonth}
            minDate={today}
            value={null}
            onChange={(date) => canEdit && date && !byDate.has(date) && setAdding({ date })}
            getDayProps={(date) => (byDate.has(date) ? { 'aria-label': t('slots.daysOff.closedDay', { date: formatDate(date) }), style: { color: 'var(--mantine-color-red-7)', fontWeight: 700 } } : {})}
            renderDay={(date) => (
              <Indicator size={6} color="red" offset={-3} disabled={!byDate.has(date)}>
                <div>{Number(date.slice(8, 10))}</div>
              </Indicator>
            )}
            data-testid="days-off-calendar"
          />
        </Group>
        {upcoming.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center">
            {t('slots.daysOff.empty')}
          </Text>
        ) : (
          <Stack gap={6} data-testid="days-off-list">
            {upcoming.map((day) => (
              <Group key={day.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="day-off-row">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600}>
                    {dayLabel(day)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {day.reason ?? t('slots.daysOff.noReason')}
                  </Text>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  {day.mode && (
                    <Badge variant="light" color="blue">
                      {t(`slots.mode.${day.mode}`)}
                    </Badge>
                  )}
                  <Badge variant="light" color={day.location_id === null ? 'grape' : 'gray'}>
                    {day.location_id === null ? t('slots.daysOff.allStoresBadge') : t('slots.daysOff.thisStoreBadge')}
                  </Badge>
                  {canEdit && (
                    <Tooltip label={t('slots.daysOff.remove')} withArrow>
                      <ActionIcon variant="subtle" color="red" aria-label={t('slots.daysOff.removeLabel', { date: formatDate(day.date) })} onClick={() => askRemove(day)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </SimpleGrid>
    );

  return (
    <Card withBorder radius="md" padding="md" data-testid="days-off">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap={8}>
            <IconCalendarOff size={20} />
            <Title order={4}>{t('slots.daysOff.title')}</Title>
          </Group>
          {canEdit && (
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding({ date: null })}>
              {t('slots.daysOff.add')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('slots.daysOff.hint')}
        </Text>
        {body}
      </Stack>
      <DayOffModal opened={adding !== null} date={adding?.date ?? null} locationId={locationId} storeName={storeName} onClose={() => setAdding(null)} onAdd={(b) => create.mutateAsync(b)} />
      {confirm.modal}
    </Card>
  );
}
