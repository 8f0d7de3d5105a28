import { Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClock, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { weekdayLong } from './schedule';
import { editValuesToBody, slotToEditValues, validateSlotEditValues, type SlotEditValues } from './slot-form-values';
import type { Slot, SlotUpdate } from './api';
import { t } from '../../i18n';

interface Props {
  /** The window being edited; null closes the modal. */
  slot: Slot | null;
  onClose: () => void;
  /** Saves (PUT /logistic/slots/:id); rejects with the server's error. */
  onSave: (id: number, body: SlotUpdate) => Promise<unknown>;
  /** Which delivery region the window serves, when the screen mixes them. */
  regionLabel?: string | null;
}

const FIELDS = new Set(['start', 'end', 'capacity', 'cutoff_minutes', 'prior_notice_minutes', 'active']);

function SlotEditForm({ slot, onSave, onClose }: { slot: Slot; onSave: Props['onSave']; onClose: () => void }) {
  const form = useForm<SlotEditValues>({ initialValues: slotToEditValues(slot), validate: validateSlotEditValues });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setRefusal(null);
    try {
      await onSave(slot.id, editValuesToBody(values));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return setRefusal(t('errors.generic'));
      // The server's message on top (409 overlap, capacity below the bookings); a 400's details at their fields.
      setRefusal(error.message);
      const fieldErrors = Object.fromEntries((error.details ?? []).filter((d) => FIELDS.has(d.field)).map((d) => [d.field, d.message]));
      if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors);
    } finally {
      setSaving(false);
    }
  });

  const timeProps = { format: '24h' as const, withAsterisk: true, leftSection: <IconClock size={16} />, hoursInputLabel: t('slots.form.hours'), minutesInputLabel: t('slots.form.minutes') };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('slots.edit.refused')} data-testid="slot-edit-error">
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="sm">
          <TimePicker label={t('slots.form.start')} {...timeProps} {...form.getInputProps('start')} />
          <Stack gap={6}>
            <TimePicker label={t('slots.form.end')} {...timeProps} withAsterisk={!form.values.until_midnight} disabled={form.values.until_midnight} {...form.getInputProps('end')} />
            <Checkbox size="xs" label={t('slots.edit.untilMidnight')} {...form.getInputProps('until_midnight', { type: 'checkbox' })} />
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput label={t('slots.form.capacity')} description={t('slots.form.capacityHint')} withAsterisk min={1} allowDecimal={false} allowNegative={false} {...form.getInputProps('capacity')} />
          <NumberInput label={t('slots.form.cutoff')} description={t('slots.form.cutoffHint')} min={0} allowDecimal={false} allowNegative={false} suffix=" min" {...form.getInputProps('cutoff_minutes')} />
          <NumberInput label={t('slots.form.priorNotice')} description={t('slots.form.priorNoticeHint')} min={0} allowDecimal={false} allowNegative={false} suffix=" min" {...form.getInputProps('prior_notice_minutes')} />
        </SimpleGrid>
        <Switch label={t('slots.edit.active')} description={t('slots.edit.activeHint')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Text size="xs" c="dimmed">
          {t('slots.edit.capacityRule')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
            {t('slots.edit.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edits one window of the weekly grid: times, capacity, cutoff, prior notice and whether it takes bookings. */
export function SlotEditModal({ slot, onClose, onSave, regionLabel }: Props) {
  return (
    <Modal
      opened={slot !== null}
      onClose={onClose}
      centered
      size="lg"
      title={
        slot && (
          <Group gap={8}>
            <Text fw={600}>{t('slots.edit.title', { weekday: weekdayLong(slot.weekday) })}</Text>
            {regionLabel && (
              <Badge size="sm" variant="outline" color={slot.region_id === null ? 'gray' : 'grape'}>
                {regionLabel}
              </Badge>
            )}
          </Group>
        )
      }
    >
      {slot && <SlotEditForm key={slot.id} slot={slot} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}
