import { Group, Stack, Switch, Table, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import type { OpeningDay } from './location-form-values';
import { WEEKDAY_ORDER } from './location-form-values';
import { t } from '../../i18n';

interface Props {
  value: OpeningDay[];
  onChange: (weekday: number, patch: Partial<OpeningDay>) => void;
  /** Errors by weekday. */
  errors: Record<number, string | undefined>;
  error?: string | null;
}

/** The hour and minute boxes of a time, named for screen readers: "Abertura na Segunda: horas". */
const timeLabels = (label: string) => ({ 'aria-label': label, hoursInputLabel: t('locations.form.hoursOf', { label }), minutesInputLabel: t('locations.form.minutesOf', { label }) });

/** Opening hours per weekday (Monday first, as on a shop door): open and close times, or closed. */
export function OpeningHoursField({ value, onChange, errors, error }: Props) {
  const byDay = new Map(value.map((d) => [d.weekday, d]));
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {t('locations.form.openingHours')}
      </Text>
      <Table verticalSpacing={6} horizontalSpacing="xs" withRowBorders={false} data-testid="opening-hours">
        <Table.Tbody>
          {WEEKDAY_ORDER.map((weekday) => {
            const day = byDay.get(weekday) ?? { weekday, open: false, opens: '', closes: '' };
            const name = t(`locations.weekdays.${weekday}`);
            return (
              <Table.Tr key={weekday}>
                <Table.Td w={150}>
                  <Switch
                    label={name}
                    checked={day.open}
                    aria-label={t('locations.form.openOn', { day: name })}
                    onChange={(e) => onChange(weekday, { open: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  {day.open ? (
                    <Stack gap={2}>
                      <Group gap="xs" wrap="nowrap">
                        <TimePicker
                          {...timeLabels(t('locations.form.opensOn', { day: name }))}
                          format="24h"
                          value={day.opens}
                          onChange={(value) => onChange(weekday, { opens: value })}
                          w={96}
                          size="xs"
                          error={Boolean(errors[weekday])}
                        />
                        <Text size="xs" c="dimmed">
                          {t('locations.form.until')}
                        </Text>
                        <TimePicker
                          {...timeLabels(t('locations.form.closesOn', { day: name }))}
                          format="24h"
                          value={day.closes}
                          onChange={(value) => onChange(weekday, { closes: value })}
                          w={96}
                          size="xs"
                          error={Boolean(errors[weekday])}
                        />
                      </Group>
                      {errors[weekday] && (
                        <Text size="xs" c="red">
                          {errors[weekday]}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('locations.form.closed')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
