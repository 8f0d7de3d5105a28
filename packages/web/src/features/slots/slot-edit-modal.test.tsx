import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SlotEditModal } from './slot-edit-modal';
import { renderWithMantine } from '../../test/render';
import { ApiError } from '../../shared/api/client';
import type { Slot, SlotUpdate } from './api';

const SLOT: Slot = {
  id: 11,
  location_id: 4,
  region_id: null,
  mode: 'delivery',
  weekday: 1,
  start: '08:00',
  end: '10:00',
  capacity: 8,
  cutoff_minutes: 60,
  prior_notice_minutes: 120,
  active: true,
  created_at: '2026-11-01T12:00:00.000Z',
};
const BELOW = 'Não é possível reduzir a capacidade para 2: a janela já tem 3 reservas em 03/12/2026.';

const hours = () => screen.getAllByLabelText('Horas') as HTMLInputElement[];
const minutes = () => screen.getAllByLabelText('Minutos') as HTMLInputElement[];

describe('SlotEditModal', () => {
  it('opens prefilled with the window and sends the changed values', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onSave = vi.fn(async (_id: number, body: SlotUpdate) => body);
    renderWithMantine(<SlotEditModal slot={SLOT} onClose={onClose} onSave={onSave} />);
    expect(screen.getByText('Editar janela · Segunda-feira')).toBeInTheDocument();
    expect(hours().map((i) => i.value)).toEqual(['08', '10']);
    expect(minutes().map((i) => i.value)).toEqual(['00', '00']);
    expect(screen.getByLabelText(/^Capacidade/)).toHaveValue('8');
    expect(screen.getByLabelText('Corte')).toHaveValue('60 min');
    expect(screen.getByLabelText('Antecedência mínima')).toHaveValue('120 min');
    expect(screen.getByRole('switch', { name: /^Janela ativa/ })).toBeChecked();

    await user.clear(screen.getByLabelText(/^Capacidade/));
    await user.type(screen.getByLabelText(/^Capacidade/), '12');
    await user.clear(hours()[1]!);
    await user.type(hours()[1]!, '11');
    await user.click(screen.getByRole('switch', { name: /^Janela ativa/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(11, { start: '08:00', end: '11:00', capacity: 12, cutoff_minutes: 60, prior_notice_minutes: 120, active: false });
  });

  it('shows the server’s refusal and stays open; a 400’s details land at their fields', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'SLOT_CAPACITY_BELOW_BOOKED', BELOW))
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_ERROR', 'Dados inválidos.', [{ field: 'end', message: 'O fim deve ser depois do início.' }]));
    renderWithMantine(<SlotEditModal slot={SLOT} onClose={onClose} onSave={onSave} />);
    await user.clear(screen.getByLabelText(/^Capacidade/));
    await user.type(screen.getByLabelText(/^Capacidade/), '2');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByTestId('slot-edit-error')).toHaveTextContent(BELOW);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O fim deve ser depois do início.')).toBeInTheDocument();
    expect(screen.getByTestId('slot-edit-error')).toHaveTextContent('Dados inválidos.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks the window before sending: an end before the start, no capacity', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithMantine(<SlotEditModal slot={SLOT} onClose={vi.fn()} onSave={onSave} />);
    await user.clear(hours()[1]!);
    await user.type(hours()[1]!, '07');
    await user.clear(screen.getByLabelText(/^Capacidade/));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a capacidade.')).toBeInTheDocument();
    expect(screen.getByText('O fim deve ser depois do início, no mesmo dia: uma janela não pode passar da meia-noite.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps a window that ends at midnight as 24:00', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue({});
    renderWithMantine(<SlotEditModal slot={{ ...SLOT, start: '22:00', end: '24:00' }} onClose={vi.fn()} onSave={onSave} />);
    expect(screen.getByRole('checkbox', { name: 'Até a meia-noite (24:00)' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![1]).toMatchObject({ start: '22:00', end: '24:00' });
  });
});
