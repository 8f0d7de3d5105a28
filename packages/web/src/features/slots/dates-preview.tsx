import { Badge, Card, Divider, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCalendarOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { PageLoader } from '../../shared/components/page-loader';
import { todayInSaoPaulo } from '../../shared/ui/sao-paulo-time';
import { datesQuery, useAccountId, type SlotScope } from './api';
import { previewDays, remainingPercent, type PreviewDay, type PreviewWindow } from './preview';
import { formatDayMonth, weekdayShort } from './schedule';
import { t, tn } from '../../i18n';

const PREVIEW_DAYS = 14;

const barColor = (percent: number) => (percent > 50 ? 'teal' : percent > 20 ? 'yellow' : 'orange');

function WindowChip({ window: w }: { window: PreviewWindow }) {
  const percent = remainingPercent(w);
  return (
    <Paper withBorder radius="sm" px={8} py={4} w={114} bg={w.bookable ? undefined : 'gray.0'} data-testid="preview-window" data-bookable={w.bookable}>
      <Text size="xs" fw={700} c={w.bookable ? undefined : 'dimmed'}>
        {w.start}–{w.end}
      </Text>
      {w.bookable ? (
        <>
          <Progress value={percent} color={barColor(percent)} size="sm" my={3} aria-label={t('slots.preview.remainingLabel', { start: w.start, end: w.end })} />
          <Text size="xs" c="dimmed">
            {t('slots.preview.remaining', { remaining: w.remaining, capacity: w.capacity })}
          </Text>
        </>
      ) : (
        <Text size="xs" fw={600} mt={3} c={w.reason === 'full' ? 'orange.8' : 'gray.6'} data-testid="preview-reason">
          {t(`slots.preview.reasons.${w.reason ?? 'closed'}`)}
        </Text>
      )}
    </Paper>
  );
}

function DayRow({ day, today }: { day: PreviewDay; today: string }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" py={6} data-testid="preview-day" data-date={day.date} data-closed={day.closed !== null}>
      <Stack gap={0} w={64} style={{ flexShrink: 0 }}>
        <Text size="sm" fw={700}>
          {weekdayShort(day.weekday)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDayMonth(day.date)}
        </Text>
        {day.date === today && (
          <Badge size="xs" variant="light" mt={2}>
            {t('slots.preview.today')}
          </Badge>
        )}
      </Stack>
      {day.closed ? (
        <Group gap={6} py={4}>
          <Badge color="red" variant="light" leftSection={<IconCalendarOff size={12} />} data-testid="preview-closed">
            {t('slots.preview.closed')}
          </Badge>
          {day.closed.reason && (
            <Text size="sm" c="dimmed">
              {day.closed.reason}
            </Text>
          )}
        </Group>
      ) : day.windows.length === 0 ? (
        <Text size="sm" c="dimmed" py={4}>
          {t('slots.preview.noWindows')}
        </Text>
      ) : (
        <Group gap={6} style={{ flex: 1 }}>
          {day.windows.map((w) => (
            <WindowChip key={w.slotId} window={w} />
          ))}
        </Group>
      )}
    </Group>
  );
}

/** The next 14 days' windows as GET /logistic/slots/dates/ answers them: what is left, why one cannot be booked, closed days. */
export function DatesPreview({ scope }: { scope: SlotScope }) {
  const dates = useQuery(datesQuery(useAccountId(), scope, PREVIEW_DAYS));
  const today = todayInSaoPaulo();
  const days = dates.data ? previewDays(dates.data, scope.mode) : [];
  const bookable = days.reduce((n, d) => n + d.windows.filter((w) => w.bookable).length, 0);

  let body;
  if (dates.isError) body = <LoadError error={dates.error} title={t('slots.preview.loadError')} retrying={dates.isFetching} onRetry={() => void dates.refetch()} />;
  else if (!dates.data) body = <PageLoader compact label={t('slots.preview.loading')} />;
  else
    body = (
      <Stack gap={0}>
        {days.map((day, i) => (
          <Fragment key={day.date}>
            {i > 0 && <Divider />}
            <DayRow day={day} today={today} />
          </Fragment>
        ))}
      </Stack>
    );

  return (
    <Card withBorder radius="md" padding="md" data-testid="slots-preview">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap={8}>
            <IconCalendarEvent size={20} />
            <Title order={4}>{t('slots.preview.title', { n: PREVIEW_DAYS })}</Title>
          </Group>
          {dates.data && (
            <Badge variant="light" color={bookable > 0 ? 'teal' : 'gray'}>
              {tn('slots.preview.bookable', bookable, { n: bookable })}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('slots.preview.hint')}
        </Text>
        {body}
      </Stack>
    </Card>
  );
}
