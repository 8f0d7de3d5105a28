import { ActionIcon, Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconClockHour4, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Slot } from './api';
import { formatMinutes, weekColumns, weekdayLong, weekdayShort } from './schedule';
import { t, tn } from '../../i18n';

interface Props {
  slots: readonly Slot[];
  /** Absent for people who only see the template. */
  onRemove?: (slot: Slot) => void;
  /** Opens the edit modal; absent for people who only see the template. */
  onEdit?: (slot: Slot) => void;
  /** Which delivery region a window serves, when the screen mixes them (null: no label). */
  regionLabel?: (slot: Slot) => string | null;
}

type BlockProps = Omit<Props, 'slots'> & { slot: Slot };

function SlotBlock({ slot, onRemove, onEdit, regionLabel }: BlockProps) {
  const region = regionLabel?.(slot);
  const label = t('slots.grid.window', { weekday: weekdayLong(slot.weekday), start: slot.start, end: slot.end });
  return (
    <Paper
      withBorder
      radius="sm"
      px={6}
      py={6}
      bg={slot.active ? 'blue.0' : 'gray.0'}
      c={slot.active ? undefined : 'dimmed'}
      style={slot.active ? undefined : { borderStyle: 'dashed', opacity: 0.75 }}
      data-testid="slot-block"
      data-active={slot.active}
      aria-label={label}
    >
      <Group justify="space-between" gap={2} wrap="nowrap" align="center">
        <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap', textDecoration: slot.active ? undefined : 'line-through' }} data-testid="slot-time">
          {slot.start}–{slot.end}
        </Text>
        {(onEdit || onRemove) && (
          <Group gap={0} wrap="nowrap" mr={-4}>
            {onEdit && (
              <Tooltip label={t('slots.grid.edit')} withArrow>
                <ActionIcon variant="subtle" color="blue" size="xs" aria-label={t('slots.grid.editLabel', { window: label })} onClick={() => onEdit(slot)}>
                  <IconPencil size={14} />
                </ActionIcon>
              </Tooltip>
            )}
            {onRemove && (
              <Tooltip label={t('slots.grid.remove')} withArrow>
                <ActionIcon variant="subtle" color="red" size="xs" aria-label={t('slots.grid.removeLabel', { window: label })} onClick={() => onRemove(slot)}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
      {!slot.active && (
        <Badge size="xs" variant="filled" color="gray" mb={2} data-testid="slot-inactive">
          {t('slots.grid.inactive')}
        </Badge>
      )}
      {region && (
        <Badge size="xs" variant="outline" color={slot.region_id === null ? 'gray' : 'grape'} maw="100%" mb={2} data-testid="slot-region">
          {region}
        </Badge>
      )}
      <Text size="xs">{tn('slots.grid.capacity', slot.capacity, { n: slot.capacity })}</Text>
      <Text size="xs" c="dimmed">
        {t('slots.grid.cutoff', { time: formatMinutes(slot.cutoff_minutes) })}
      </Text>
      {slot.prior_notice_minutes > 0 && (
        <Text size="xs" c="dimmed">
          {t('slots.grid.priorNotice', { time: formatMinutes(slot.prior_notice_minutes) })}
        </Text>
      )}
    </Paper>
  );
}

/** The weekly template: one column per weekday (Dom–Sáb), each window a block with its hours, capacity and cutoff. */
export function WeeklyGrid({ slots, onRemove, onEdit, regionLabel }: Props) {
  const columns = weekColumns(slots);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 4, md: 7 }} spacing={8} verticalSpacing={8} data-testid="slots-week">
      {columns.map((column, weekday) => (
        <Box key={weekday} data-testid={`slots-day-${weekday}`} miw={0}>
          <Group gap={4} mb={6} justify="center" bg="gray.1" py={4} style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text fw={700} size="sm" title={weekdayLong(weekday)}>
              {weekdayShort(weekday)}
            </Text>
          </Group>
          <Stack gap={6}>
            {column.map((slot) => (
              <SlotBlock key={slot.id} slot={slot} onRemove={onRemove} onEdit={onEdit} regionLabel={regionLabel} />
            ))}
            {column.length === 0 && (
              <Group gap={4} justify="center" py="sm" c="dimmed">
                <IconClockHour4 size={14} />
                <Text size="xs">{t('slots.grid.noWindows')}</Text>
              </Group>
            )}
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}
