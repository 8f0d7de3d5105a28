import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DatesProvider } from '@mantine/dates';
import { LocationForm } from './location-form';
import { emptyLocationValues } from './location-form-values';
import { renderWithMantine } from '../../test/render';
import { json, mockApi, SESSION } from '../../test/api-mock';
import { ApiError } from '../../shared/api/client';
import { clearSession, setSession } from '../../shared/session/session';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const PINHEIROS = { label: 'Rua dos Pinheiros - Pinheiros, São Paulo - SP, 05422-001', lat: -23.5653, lng: -46.6856, zip_code: '05422-001', street: 'Rua dos Pinheiros', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP', precision: 'zip' };

function renderForm(onSubmit = vi.fn().mockResolvedValue(undefined)) {
  setSession(SESSION);
  const fetchMock = mockApi({
    'GET /api/location/geocode': (request) => json({ data: new URL(request.url).searchParams.get('address') === '05422-001' ? [PINHEIROS] : [] }),
    'GET /api/location/delivery-type': () => json({ data: [{ id: 'delivery', name: 'Entrega' }, { id: 'pickup', name: 'Retirada' }, { id: 'both', name: 'Entrega e retirada' }] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <LocationForm initialValues={emptyLocationValues()} submitLabel="Criar loja" pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />
      </DatesProvider>
    </QueryClientProvider>,
  );
  return { onSubmit, fetchMock, user: userEvent.setup() };
}

const input = (label: RegExp) => screen.getByRole('textbox', { name: label });

/** Pastes into a field: one change instead of a render per key (the masks are typed in their own test). */
async function paste(user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) {
  await user.click(input(label));
  await user.paste(text);
}

describe('LocationForm', () => {
  it('reports what is missing in the contract’s words, and the pin, without sending', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Criar loja' }));
    expect(await screen.findByText('Posicione a loja no mapa.')).toBeInTheDocument();
    expect(screen.getByText('Informe o CNPJ com 14 dígitos (00.000.000/0000-00).')).toBeInTheDocument();
    expect(screen.getByText('Informe o CEP com 8 dígitos (00000-000).')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('masks the CNPJ as typed and a pasted phone, and refuses a CNPJ whose check digits are wrong', async () => {
    const { user } = renderForm();
    await user.type(input(/^CNPJ/), '11222333000182');
    await paste(user, /^Telefone/, '11912345678');
    expect(input(/^CNPJ/)).toHaveValue('11.222.333/0001-82');
    expect(input(/^Telefone/)).toHaveValue('(11) 91234-5678');
    await user.click(screen.getByRole('button', { name: 'Criar loja' }));
    expect(await screen.findByText('CNPJ inválido: os dígitos verificadores não conferem.')).toBeInTheDocument();
  });

  it('fills the address and places the pin from a complete CEP, then sends the store', async () => {
    const { onSubmit, fetchMock, user } = renderForm();
    await paste(user, /^CEP/, '05422001');
    expect(input(/^CEP/)).toHaveValue('05422-001');
    await waitFor(() => expect(input(/^Bairro/)).toHaveValue('Pinheiros'));
    expect(input(/^Logradouro/)).toHaveValue('Rua dos Pinheiros');
    expect(input(/^Cidade/)).toHaveValue('São Paulo');
    expect(screen.getByTestId('location-coordinates')).toHaveTextContent('Lat -23,565300 · Lng -46,685600');
    expect(fetchMock.mock.calls.filter(([r]) => new URL(r.url).pathname === '/api/location/geocode')).toHaveLength(1);

    await paste(user, /^Nome/, 'Bom Preço Teodoro');
    await paste(user, /^CNPJ/, '11222333000181');
    await paste(user, /^Telefone/, '1130304040');
    await paste(user, /^Número/, '1500');
    await user.click(screen.getByRole('button', { name: 'Criar loja' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Bom Preço Teodoro',
      cnpj: '11.222.333/0001-81',
      phone: '(11) 3030-4040',
      address: { zip_code: '05422-001', street: 'Rua dos Pinheiros', number: '1500', complement: null, neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP' },
      latitude: -23.5653,
      longitude: -46.6856,
      delivery_type: 'both',
      picking_capacity: null,
      active: true,
    });
  });

  it('says so when the CEP is unknown, leaving the address to be typed', async () => {
    const { user } = renderForm();
    await paste(user, /^CEP/, '99999999');
    expect(await screen.findByText('CEP não encontrado: preencha o endereço e posicione o pino no mapa.')).toBeInTheDocument();
    expect(input(/^Logradouro/)).toHaveValue('');
  });

  it('shows the server’s 400 details at their fields and any other refusal above the form', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_ERROR', 'Dados inválidos.', [{ field: 'address.number', message: 'Número não confere com o CEP.' }]))
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'Já existe uma loja com este CNPJ.'));
    const { user } = renderForm(onSubmit);
    await paste(user, /^CEP/, '05422001');
    await waitFor(() => expect(input(/^Bairro/)).toHaveValue('Pinheiros'));
    await paste(user, /^Nome/, 'Loja');
    await paste(user, /^CNPJ/, '11222333000181');
    await paste(user, /^Telefone/, '1130304040');
    await paste(user, /^Número/, '10');
    await user.click(screen.getByRole('button', { name: 'Criar loja' }));
    expect(await screen.findByText('Número não confere com o CEP.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar loja' }));
    expect(await screen.findByText('Já existe uma loja com este CNPJ.')).toBeInTheDocument();
  });
});
