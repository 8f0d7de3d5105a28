import { Button, Group, Modal, Stack, Text, Textarea, type MantineColor } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { t } from '../../i18n';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: MantineColor;
  /** Shows the note textarea; its text reaches `onConfirm`. */
  withNote?: boolean;
  /** The note must be typed before confirming (implies `withNote`). */
  noteRequired?: boolean;
  noteLabel?: string;
  notePlaceholder?: string;
  /**
   * The action to run with the typed note (trimmed, '' when none). The modal shows a loading
   * state while it runs, closes when it resolves and stays open when it rejects (the caller reports the error).
   */
  onConfirm: (note: string) => unknown;
}

export interface ConfirmModalProps extends ConfirmOptions {
  opened: boolean;
  onClose: () => void;
}

function ConfirmBody({ onClose, onBusy, ...options }: ConfirmOptions & { onClose: () => void; onBusy: (busy: boolean) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const showNote = options.withNote || options.noteRequired;

  const confirm = async () => {
    const text = note.trim();
    if (options.noteRequired && !text) {
      setError(t('confirm.noteRequired'));
      return;
    }
    setRunning(true);
    onBusy(true);
    try {
      await options.onConfirm(text);
      onBusy(false);
      onClose();
    } catch {
      // The action reports its own failure (toast); the person may retry or cancel.
      setRunning(false);
      onBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message}
      {showNote && (
        <Textarea
          label={options.noteLabel ?? t('confirm.noteLabel')}
          placeholder={options.notePlaceholder ?? t('confirm.notePlaceholder')}
          required={options.noteRequired}
          autosize
          minRows={3}
          maxRows={8}
          value={note}
          error={error}
          disabled={running}
          data-autofocus
          onChange={(e) => {
            setNote(e.currentTarget.value);
            if (error) setError(null);
          }}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={running}>
          {options.cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button color={options.confirmColor} loading={running} onClick={() => void confirm()}>
          {options.confirmLabel ?? t('confirm.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A confirmation dialog with an optional (or required) note; the note is handed to `onConfirm`. */
export function ConfirmModal({ opened, onClose, ...options }: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>{options.title}</Text>} centered closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}>
      {/* Modal unmounts its content once closed, so every opening starts with an empty note. */}
      <ConfirmBody {...options} onClose={onClose} onBusy={setBusy} />
    </Modal>
  );
}

/**
 * Opens the confirmation modal from event handlers: `confirm.open({ ..., onConfirm: (note) => … })`
 * and render `confirm.modal` once in the component.
 */
export function useConfirmModal() {
  const [state, setState] = useState<{ opened: boolean; options: ConfirmOptions | null }>({ opened: false, options: null });
  const open = useCallback((options: ConfirmOptions) => setState({ opened: true, options }), []);
  // The options stay while the modal animates out.
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  const modal = state.options ? <ConfirmModal {...state.options} opened={state.opened} onClose={close} /> : null;
  return { open, close, modal };
}
