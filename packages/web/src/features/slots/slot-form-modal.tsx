import { Alert, Button, Chip, Group, List, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { notifySuccess } from '../../shared/ui/notify';
import { addToWeekdays, weekdayLong, weekdayShort, WEEKDAYS, type AddOutcome } from './schedule';
import { validateSlotValues, valuesToSlotBody, type SlotFormValues } from './slot-form-values';
import type { SlotBody } from './api';
import { t, tn } from '../../i18n';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The store, mode and region the windows belong to. */
  scope: Pick<SlotBody, 'location_id' | 'mode' | 'region_id'>;
  /** Creates one window (POST /logistic/slots); rejects with the server's error. */
  onAdd: (body: SlotBody) => Promise<unknown>;
}

const EMPTY: SlotFormValues = { weekdays: [], start: '', end: '', capacity: 10, cutoff_minutes: 60, prior_notice_minutes: 0 };

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : t('errors.generic'));

function SlotForm({ scope, onAdd, onClose }: Omit<Props, 'opened'>) {
  const form = useForm<SlotFormValues>({ initialValues: EMPTY, validate: validateSlotValues });
  const [failures, setFailures] = useState<AddOutcome[]>([]);
  const [running, setRunning] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setRunning(true);
    setFailures([]);
    const outcomes = await addToWeekdays(values.weekdays.map(Number), (weekday) => onAdd(valuesToSlotBody(values, weekday, scope)), messageOf);
    setRunning(false);
    const added = outcomes.filter((o) => !o.error).length;
    if (added > 0) notifySuccess(tn('slots.form.added', added, { n: added }));
    const failed = outcomes.filter((o) => o.error);
    if (failed.length === 0) return onClose();
    // What went in stays in; the selection keeps only the refused weekdays, to fix and send again.
    setFailures(failed);
    form.setFieldValue('weekdays', failed.map((o) => String(o.weekday)));
  });

  const timeProps = { format: '24h' as const, withAsterisk: true, leftSection: <IconClock size={16} />, hoursInputLabel: t('slots.form.hours'), minutesInputLabel: t('slots.form.minutes') };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failures.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('slots.form.someFailed')} data-testid="slot-form-failures">
            <List size="sm" spacing={2}>
              {failures.map((f) => (
                <List.Item key={f.weekday}>
                  <b>{weekdayLong(f.weekday)}:</b> {f.error}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('slots.form.weekdays')}{' '}
            <Text span c="red">
              *
            </Text>
          </Text>
          <Chip.Group multiple value={form.values.weekdays} onChange={(v) => form.setFieldValue('weekdays', v)}>
            <Group gap={6} role="group" aria-label={t('slots.form.weekdays')}>
              {WEEKDAYS.map((d) => (
                <Chip key={d} value={String(d)} size="sm" aria-label={weekdayLong(d)}>
                  {weekdayShort(d)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {form.errors.weekdays && (
            <Text size="xs" c="red">
              {form.errors.weekdays}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={2} spacing="sm">
          <TimePicker label={t('slots.form.start')} {...timeProps} {...form.getInputProps('start')} />
          <TimePicker label={t('slots.form.end')} {...timeProps} {...form.getInputProps('end')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput label={t('slots.form.capacity')} description={t('slots.form.capacityHint')} withAsterisk min={1} allowDecimal={false} allowNegative={false} {...form.getInputProps('capacity')} />
          <NumberInput label={t('slots.form.cutoff')} description={t('slots.form.cutoffHint')} min={0} allowDecimal={false} allowNegative={false} suffix=" min" {...form.getInputProps('cutoff_minutes')} />
          <NumberInput label={t('slots.form.priorNotice')} description={t('slots.form.priorNoticeHint')} min={0} allowDecimal={false} allowNegative={false} suffix=" min" {...form.getInputProps('prior_notice_minutes')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('slots.form.timezone')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={running}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={running} leftSection={<IconPlus size={16} />}>
            {t('slots.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds a window to one or several weekdays: one POST per weekday, each refusal (409 overlap …) reported with the server's message. */
export function SlotFormModal({ opened, onClose, ...props }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('slots.form.title')}</Text>} centered size="lg">
      <SlotForm {...props} onClose={onClose} />
    </Modal>
  );
}
