import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../shared/api/client';
import { renderWithMantine } from '../../test/render';
import { RegionForm } from './region-form';
import { emptyRegionValues, regionToValues } from './region-values';

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined), geometryProblems: string[] = [], initialValues = emptyRegionValues()) {
  renderWithMantine(<RegionForm title="Nova região" initialValues={initialValues} geometryProblems={geometryProblems} pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('RegionForm', () => {
  it('reports the contract’s rules at the fields and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(/^Nome da região/), 'A');
    await user.click(screen.getByRole('button', { name: 'Salvar região' }));
    const errors = screen.getAllByText(/./, { selector: '.mantine-InputWrapper-error' }).map((e) => e.textContent);
    // The name (too short) and the fee (empty); an empty minimum is R$ 0,00 and the ETA has its default.
    expect(errors).toHaveLength(2);
    expect(screen.getByLabelText(/^Nome da região/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Taxa de entrega/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Pedido mínimo/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the fields in reais and minutes', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(/^Nome da região/), 'Santana');
    await user.type(screen.getByLabelText(/^Taxa de entrega/), '7,9');
    await user.type(screen.getByLabelText(/^Pedido mínimo/), '50');
    await user.click(screen.getByRole('button', { name: 'Salvar região' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ name: 'Santana', delivery_fee: 7.9, min_order_value: 50, estimated_delivery_minutes: 60, active: true });
  });

  it('keeps saving off while the drawing has problems, and lists them', async () => {
    const { onSubmit } = renderForm(undefined, ['Os lados do polígono se cruzam.']);
    expect(screen.getByTestId('region-geometry-problems')).toHaveTextContent('Os lados do polígono se cruzam.');
    expect(screen.getByRole('button', { name: 'Salvar região' })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a 400’s messages: the geometry’s above the form, the others at their fields', async () => {
    const failure = new ApiError(400, 'VALIDATION', 'Dados inválidos.', [
      { field: 'geometry.coordinates.0', message: 'O polígono cruza a si mesmo.' },
      { field: 'delivery_fee', message: 'Informe no máximo 10000.' },
    ]);
    const values = regionToValues({ name: 'Centro', delivery_fee: 5, min_order_value: 20, estimated_delivery_minutes: 30, active: true });
    const { user } = renderForm(vi.fn().mockRejectedValue(failure), [], values);
    await user.click(screen.getByRole('button', { name: 'Salvar região' }));
    expect(await screen.findByTestId('region-geometry-problems')).toHaveTextContent('O polígono cruza a si mesmo.');
    expect(screen.getByText('Informe no máximo 10000.')).toBeInTheDocument();
  });
});
