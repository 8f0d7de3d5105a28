import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { ConfirmModal, useConfirmModal, type ConfirmOptions } from './confirm-modal';
import { renderWithMantine } from '../../test/render';

function openModal(options: Partial<ConfirmOptions> = {}) {
  const onConfirm = options.onConfirm ?? vi.fn();
  const onClose = vi.fn();
  renderWithMantine(<ConfirmModal opened onClose={onClose} title="Rejeitar audiência" message="Deseja rejeitar?" {...options} onConfirm={onConfirm} />);
  return { onConfirm, onClose };
}

describe('ConfirmModal', () => {
  it('refuses to confirm while a required note is empty, showing the error under the textarea', async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose } = openModal({ noteRequired: true });

    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Escreva uma observação para continuar.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Observação/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not accept a note made only of spaces when it is required', async () => {
    const user = userEvent.setup();
    const { onConfirm } = openModal({ noteRequired: true });

    await user.type(screen.getByRole('textbox', { name: /Observação/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('passes the typed note to the action once a required note is given, then closes', async () => {
    const user = userEvent.setup();
    const { onConfirm, onClose } = openModal({ noteRequired: true });

    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await user.type(screen.getByRole('textbox', { name: /Observação/ }), '  Preço acima do combinado ');
    expect(screen.queryByText('Escreva uma observação para continuar.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(onConfirm).toHaveBeenCalledWith('Preço acima do combinado');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('passes an optional note through', async () => {
    const user = userEvent.setup();
    const first = openModal({ withNote: true });
    await user.type(screen.getByRole('textbox', { name: 'Observação' }), 'Cliente pediu');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(first.onConfirm).toHaveBeenCalledWith('Cliente pediu');
  });

  it('confirms with an empty note when the optional note is left blank', async () => {
    const user = userEvent.setup();
    const { onConfirm } = openModal({ withNote: true });
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onConfirm).toHaveBeenCalledWith('');
  });

  it('shows no textarea without the note flags', () => {
    openModal();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a loading confirm button and blocks cancel while the action runs, and stays open when it fails', async () => {
    const user = userEvent.setup();
    let fail!: (error: Error) => void;
    const { onClose } = openModal({
      confirmLabel: 'Remover',
      onConfirm: () => new Promise((_, reject) => (fail = reject)),
    });

    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(screen.getByRole('button', { name: 'Remover' })).toHaveAttribute('data-loading', 'true');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();

    await act(async () => fail(new Error('falhou')));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remover' })).not.toHaveAttribute('data-loading');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  });
});

describe('useConfirmModal', () => {
  function Page({ onConfirm }: { onConfirm: (note: string) => void }) {
    const confirm = useConfirmModal();
    return (
      <>
        <Button onClick={() => confirm.open({ title: 'Reprovar anúncio', message: 'Informe o motivo.', noteRequired: true, confirmLabel: 'Reprovar', onConfirm })}>abrir</Button>
        {confirm.modal}
      </>
    );
  }

  it('opens from a handler, hands the note back and closes; a new opening starts empty', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithMantine(<Page onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'abrir' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Observação/ }), 'Imagem ilegível');
    await user.click(screen.getByRole('button', { name: 'Reprovar' }));

    expect(onConfirm).toHaveBeenCalledWith('Imagem ilegível');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'abrir' }));
    expect(screen.getByRole('textbox', { name: /Observação/ })).toHaveValue('');
  });
});
