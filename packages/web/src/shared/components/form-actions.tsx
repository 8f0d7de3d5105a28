import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { t } from '../../i18n';

interface FormActionsProps {
  submitLabel: string;
  /** While the form saves: the submit button spins, cancelling waits. */
  pending: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  /** Saving is not possible yet (an upload running, a shape to fix). */
  submitDisabled?: boolean;
}

/** A form's footer, on the right: cancel, then the submit button. */
export function FormActions({ submitLabel, pending, onCancel, cancelLabel, submitDisabled }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button type="submit" loading={pending} disabled={submitDisabled} leftSection={<IconDeviceFloppy size={16} />}>
        {submitLabel}
      </Button>
    </Group>
  );
}
