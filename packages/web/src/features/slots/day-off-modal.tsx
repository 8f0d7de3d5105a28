import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCalendar, IconCalendarOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { todayInSaoPaulo } from '../../shared/ui/sao-paulo-time';
import type { DayWithoutWorkBody } from './api';
import { parseBrDate } from './schedule';
import { t } from '../../i18n';

interface Values {
  date: string;
  reason: string;
  scope: 'store' | 'all';
  /** '' for both modes. */
  mode: string;
}

interface Props {
  opened: boolean;
  /** The date clicked on the calendar, if any. */
  date: string | null;
  locationId: number;
  storeName: string;
  onClose: () => void;
  onAdd: (body: DayWithoutWorkBody) => Promise<unknown>;
}

function DayOffForm({ date, locationId, storeName, onClose, onAdd }: Omit<Props, 'opened'>) {
  const form = useForm<Values>({
    initialValues: { date: date ?? '', reason: '', scope: 'store', mode: '' },
    validate: {
      date: (v) => (v ? null : t('slots.daysOff.dateRequired')),
      reason: (v) => (v.trim().length > 200 ? t('slots.daysOff.reasonTooLong') : null),
    },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    setRunning(true);
    try {
      await onAdd({
        date: values.date,
        reason: values.reason.trim() || null,
        location_id: values.scope === 'store' ? locationId : null,
        mode: values.mode === 'delivery' || values.mode === 'pickup' ? values.mode : null,
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) {
        for (const d of error.details) form.setFieldError(d.field === 'location_id' ? 'scope' : d.field, d.message);
      } else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setRunning(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {serverError}
          </Alert>
        )}
        <DateInput
          label={t('slots.daysOff.date')}
          withAsterisk
          valueFormat="DD/MM/YYYY"
          dateParser={parseBrDate}
          placeholder={t('slots.daysOff.datePlaceholder')}
          minDate={todayInSaoPaulo()}
          leftSection={<IconCalendar size={16} />}
          {...form.getInputProps('date')}
        />
        <TextInput label={t('slots.daysOff.reason')} placeholder={t('slots.daysOff.reasonPlaceholder')} maxLength={200} {...form.getInputProps('reason')} />
        <Select
          label={t('slots.daysOff.mode')}
          data={[
            { value: '', label: t('slots.daysOff.modeBoth') },
            { value: 'delivery', label: t('slots.daysOff.modeDelivery') },
            { value: 'pickup', label: t('slots.daysOff.modePickup') },
          ]}
          allowDeselect={false}
          {...form.getInputProps('mode')}
        />
        <Radio.Group label={t('slots.daysOff.scope')} {...form.getInputProps('scope')}>
          <Stack gap={6} mt={6}>
            <Radio value="store" label={t('slots.daysOff.thisStore', { store: storeName })} />
            <Radio value="all" label={t('slots.daysOff.allStores')} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={running}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={running} leftSection={<IconCalendarOff size={16} />}>
            {t('slots.daysOff.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds a holiday or closure: for this store or every store of the account. */
export function DayOffModal({ opened, onClose, ...props }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{t('slots.daysOff.addTitle')}</Text>} centered>
      <DayOffForm {...props} onClose={onClose} />
    </Modal>
  );
}
