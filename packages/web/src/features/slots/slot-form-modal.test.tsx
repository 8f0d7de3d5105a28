import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SlotFormModal } from './slot-form-modal';
import { renderWithMantine } from '../../test/render';
import { ApiError } from '../../shared/api/client';
import type { SlotBody } from './api';

const OVERLAP = 'Já existe uma janela de entrega que se sobrepõe a este horário nesta loja.';

async function fillWindow(user: ReturnType<typeof userEvent.setup>) {
  const hours = screen.getAllByLabelText('Horas');
  const minutes = screen.getAllByLabelText('Minutos');
  await user.type(hours[0]!, '08');
  await user.type(minutes[0]!, '00');
  await user.type(hours[1]!, '10');
  await user.type(minutes[1]!, '00');
}

describe('SlotFormModal', () => {
  it('adds the window to each chosen weekday, reports the refused one with the server’s message and keeps only it selected', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onAdd = vi.fn(async (body: SlotBody) => {
      if (body.weekday === 3) throw new ApiError(409, 'SLOT_OVERLAP', OVERLAP);
      return body;
    });
    renderWithMantine(<SlotFormModal opened onClose={onClose} scope={{ location_id: 4, mode: 'delivery', region_id: null }} onAdd={onAdd} />);
    await user.click(screen.getByRole('checkbox', { name: 'Segunda-feira' }));
    await user.click(screen.getByRole('checkbox', { name: 'Quarta-feira' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sexta-feira' }));
    await fillWindow(user);
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));

    const failures = await screen.findByTestId('slot-form-failures');
    expect(within(failures).getByText(OVERLAP)).toBeInTheDocument();
    expect(failures.textContent).toContain('Quarta-feira:');
    expect(onAdd.mock.calls.map(([b]) => b.weekday)).toEqual([1, 3, 5]);
    expect(onAdd.mock.calls[0]![0]).toEqual({ location_id: 4, mode: 'delivery', region_id: null, weekday: 1, start: '08:00', end: '10:00', capacity: 10, cutoff_minutes: 60, prior_notice_minutes: 0 });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Quarta-feira' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Segunda-feira' })).not.toBeChecked();
  });

  it('closes when every weekday went in, and sends nothing without a weekday', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onAdd = vi.fn().mockResolvedValue({});
    renderWithMantine(<SlotFormModal opened onClose={onClose} scope={{ location_id: 4, mode: 'pickup', region_id: null }} onAdd={onAdd} />);
    await fillWindow(user);
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Escolha pelo menos um dia da semana.')).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Sábado' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onAdd).toHaveBeenCalledTimes(1);
  });
});
