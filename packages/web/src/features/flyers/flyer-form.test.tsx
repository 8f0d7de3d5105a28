import { describe, expect, it, vi, afterEach } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DatesProvider } from '@mantine/dates';
import { FlyerForm } from './flyer-form';
import { emptyFlyerValues, flyerToValues } from './flyer-form-values';
import { renderWithMantine } from '../../test/render';
import { json, mockApi, SESSION } from '../../test/api-mock';
import { clearSession, setSession } from '../../shared/session/session';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

function renderForm(initialValues = emptyFlyerValues()) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <FlyerForm initialValues={initialValues} submitLabel="Criar encarte" pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />
      </DatesProvider>
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('FlyerForm', () => {
  it('reports the required fields with pt-BR messages and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Criar encarte' }));
    expect(await screen.findByText('Informe a data de início.')).toBeInTheDocument();
    expect(screen.getByText('Informe a data de fim.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends São Paulo times with the default hours, the normalised message and "all stores" as []', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(/^Nome/), 'Ofertas da semana');
    await user.type(screen.getByLabelText('Mensagem'), '  Linha 1  {enter}{enter}');
    await user.type(screen.getByLabelText(/^Data de início/), '23/11/2026');
    await user.type(screen.getByLabelText(/^Data de fim/), '29/11/2026');
    await user.click(screen.getByRole('button', { name: 'Criar encarte' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Ofertas da semana',
      message: 'Linha 1',
      start_at: '2026-11-23T00:00:00-03:00',
      end_at: '2026-11-29T23:59:59-03:00',
      active: true,
      location_ids: [],
      media_url: null,
      media_type: null,
      media_name: null,
    });
  });

  it('requires a store when "Lojas selecionadas" is chosen, loading them from /api/location/minified', async () => {
    setSession(SESSION);
    const fetchMock = mockApi({ 'GET /api/location/minified': () => json({ data: [{ id: 2, name: 'Bom Preço Moema', city: 'São Paulo', state: 'SP', active: true }] }) });
    const values = flyerToValues({ name: 'Encarte', message: null, start_at: '2026-11-23T03:00:00Z', end_at: '2026-11-30T02:59:59Z', active: true, location_ids: [], media_url: null, media_type: null, media_name: null });
    const { onSubmit, user } = renderForm(values);
    await user.click(screen.getByLabelText('Lojas selecionadas'));
    await user.click(screen.getByRole('button', { name: 'Criar encarte' }));
    expect(await screen.findByText('Selecione ao menos uma loja.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});
