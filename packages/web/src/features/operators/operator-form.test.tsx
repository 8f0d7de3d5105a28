import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OperatorForm } from './operator-form';
import { emptyOperatorValues } from './operator-form-values';
import { renderWithMantine } from '../../test/render';
import { json, mockApi, SESSION } from '../../test/api-mock';
import { ApiError } from '../../shared/api/client';
import { clearSession, setSession } from '../../shared/session/session';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const STORES = [
  { id: 2, name: 'Bom Preço Moema', city: 'São Paulo', state: 'SP', active: true },
  { id: 3, name: 'Bom Preço Pinheiros', city: 'São Paulo', state: 'SP', active: true },
];

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  setSession(SESSION);
  mockApi({ 'GET /api/location/minified': () => json({ data: STORES }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <OperatorForm initialValues={emptyOperatorValues(2)} submitLabel="Adicionar operador" pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('OperatorForm', () => {
  it('masks CPF and phone as they are typed and shows the vehicle only for deliverers', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(/^Nome/), 'Joana Lima');
    await user.type(screen.getByLabelText(/^CPF/), '52998224725');
    expect(screen.getByLabelText(/^CPF/)).toHaveValue('529.982.247-25');
    await user.type(screen.getByLabelText(/^Telefone/), '11987654321');
    expect(screen.getByLabelText(/^Telefone/)).toHaveValue('(11) 98765-4321');
    expect(screen.queryByTestId('operator-vehicle')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText(/^Função/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Entregador' }));
    expect(await screen.findByTestId('operator-vehicle')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar operador' }));
    expect(await screen.findByText('Escolha o tipo de veículo.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText(/^Tipo de veículo/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Carro' }));
    await user.type(screen.getByLabelText(/^Placa/), 'abc-1234');
    expect(screen.getByLabelText(/^Placa/)).toHaveValue('ABC1234');
    await user.click(screen.getByRole('button', { name: 'Adicionar operador' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Joana Lima',
      cpf: '52998224725',
      phone: '11987654321',
      email: null,
      role: 'deliverer',
      location_ids: [2],
      vehicle: { type: 'car', plate: 'ABC1234' },
      active: true,
    });
  });

  it('shows a refusal in the server’s words, and 400 details at their fields', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'CPF já cadastrado (cpf): já existe um operador com este CPF nesta conta.'))
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_ERROR', 'Dados inválidos.', [{ field: 'location_ids.0', message: 'Loja não encontrada.' }]));
    const { user } = renderForm(onSubmit);
    await user.type(screen.getByLabelText(/^Nome/), 'Joana Lima');
    await user.type(screen.getByLabelText(/^CPF/), '52998224725');
    await user.click(screen.getByLabelText(/^Função/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Separador' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar operador' }));
    expect(await screen.findByTestId('operator-form-error')).toHaveTextContent('CPF já cadastrado (cpf): já existe um operador com este CPF nesta conta.');
    await user.click(screen.getByRole('button', { name: 'Adicionar operador' }));
    expect(await screen.findByText('Loja não encontrada.')).toBeInTheDocument();
  });
});
