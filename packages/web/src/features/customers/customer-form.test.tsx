import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CustomerForm } from './customer-form';
import { emptyCustomerValues } from './customer-form-values';
import { renderWithMantine } from '../../test/render';
import { json, mockApi, SESSION } from '../../test/api-mock';
import { ApiError } from '../../shared/api/client';
import { clearSession, setSession } from '../../shared/session/session';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const PINHEIROS = { lat: -23.5614, lng: -46.6826, street: 'Rua dos Pinheiros', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP', zip_code: '05422-001', label: 'Rua dos Pinheiros, Pinheiros, São Paulo/SP' };

function renderForm({ onSubmit = vi.fn().mockResolvedValue(undefined), sellerIdEditable = true } = {}) {
  setSession(SESSION);
  const fetchMock = mockApi({ 'GET /api/location/geocode': () => json({ data: [PINHEIROS] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <CustomerForm initialValues={emptyCustomerValues()} submitLabel="Cadastrar cliente" pending={false} sellerIdEditable={sellerIdEditable} onSubmit={onSubmit} onCancel={vi.fn()} />
    </QueryClientProvider>,
  );
  return { onSubmit, fetchMock, user: userEvent.setup() };
}

describe('CustomerForm', () => {
  it('masks CPF and phone as typed, fills the address from the CEP, and sends digits and E.164', { timeout: 40_000 }, async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByLabelText(/^Nome/));
    await user.paste('Maria José da Silva');
    await user.type(screen.getByLabelText(/^CPF/), '52998224725');
    expect(screen.getByLabelText(/^CPF/)).toHaveValue('529.982.247-25');
    await user.type(screen.getByLabelText(/^Celular/), '11987654321');
    expect(screen.getByLabelText(/^Celular/)).toHaveValue('(11) 98765-4321');

    await user.click(screen.getByRole('button', { name: 'Adicionar endereço' }));
    const address = screen.getByTestId('customer-address');
    await user.click(within(address).getByLabelText(/^CEP/));
    await user.paste('05422001');
    expect(within(address).getByLabelText(/^CEP/)).toHaveValue('05422-001');
    await waitFor(() => expect(within(address).getByLabelText(/^Rua/)).toHaveValue('Rua dos Pinheiros'));
    expect(within(address).getByLabelText(/^Cidade/)).toHaveValue('São Paulo');
    await user.click(within(address).getByLabelText(/^Número/));
    await user.paste('1000');

    await user.click(screen.getByRole('button', { name: 'Cadastrar cliente' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Maria José da Silva',
      cpf: '52998224725',
      phone: '+5511987654321',
      email: null,
      addresses: [{ zip_code: '05422-001', street: 'Rua dos Pinheiros', number: '1000', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP', is_default: true }],
    });
  });

  it('does not send an invalid CPF or a landline: the contract’s messages show at the fields', { timeout: 40_000 }, async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByLabelText(/^Nome/));
    await user.paste('Maria');
    await user.type(screen.getByLabelText(/^CPF/), '52998224724');
    await user.type(screen.getByLabelText(/^Celular/), '1134567890');
    await user.click(screen.getByRole('button', { name: 'Cadastrar cliente' }));
    await waitFor(() => expect(screen.getByLabelText(/^CPF/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Celular/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a 409 duplicate at the field it names, 400 details at their fields, and other failures in the banner', { timeout: 40_000 }, async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'CUSTOMER_CPF_TAKEN', 'Já existe um cliente com este CPF.', [{ field: 'cpf', message: 'Já existe um cliente com este CPF.' }]))
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_ERROR', 'Dados inválidos.', [{ field: 'email', message: 'E-mail inválido.' }]))
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Erro interno.'));
    const { user } = renderForm({ onSubmit });
    await user.click(screen.getByLabelText(/^Nome/));
    await user.paste('Maria');
    await user.type(screen.getByLabelText(/^CPF/), '52998224725');
    const save = screen.getByRole('button', { name: 'Cadastrar cliente' });

    await user.click(save);
    expect(await screen.findByText('Já existe um cliente com este CPF.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^CPF/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('customer-form-error')).not.toBeInTheDocument();

    await user.click(save);
    expect(await screen.findByText('E-mail inválido.')).toBeInTheDocument();

    await user.click(save);
    expect(await screen.findByTestId('customer-form-error')).toHaveTextContent('Erro interno.');
  });

  it('locks the seller id for members who may not set it', () => {
    renderForm({ sellerIdEditable: false });
    expect(screen.getByLabelText(/^ID do vendedor/)).toBeDisabled();
    expect(screen.getByText('Somente administradores e gerentes alteram o vendedor.')).toBeInTheDocument();
  });
});
