import '../../test/signed-in';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const META = (total: number) => ({ page: 1, quantity: 20, total, total_pages: Math.ceil(total / 20) });
const BATCH = {
  id: 7, kind: 'offers', batch_id: 'ofertas-2026-11-27', status: 'done', total: 3, processed: 3, applied: 2, rejected_count: 1, error: null,
  created_at: '2026-11-27T13:00:00.000Z', started_at: '2026-11-27T13:00:01.000Z', finished_at: '2026-11-27T13:00:02.000Z',
};
const DETAIL = { ...BATCH, errors: { data: [{ index: 2, key: 'ARROZ-5KG', reason: 'store_code: loja não encontrada nesta conta.' }], meta: META(1) } };
const CONFIG = { url: null, enabled: false, has_secret: false, secret_hint: null, secret_created_at: null, updated_at: null };

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /api/integration/erp/batches': () => json({ data: [BATCH], meta: META(1) }),
  'GET /api/integration/erp/batches/7': () => json(DETAIL),
  'GET /api/integration/erp/callback': () => json(CONFIG),
  'GET /api/integration/erp/callback/deliveries': () => json({ data: [], meta: META(0) }),
  ...extra,
});

describe('ERP integration page', { timeout: 30_000 }, () => {
  it('lists the batches; a batch opens in a drawer with its refused rows', async () => {
    mockApi(routes());
    renderApp('/config/erp-integration');
    const row = await screen.findByTestId('erp-batch-row');
    expect(row).toHaveTextContent('ofertas-2026-11-27');
    expect(row).toHaveTextContent('Ofertas');
    expect(row).toHaveTextContent('Concluído');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Ver o lote ofertas-2026-11-27' }));
    const error = await screen.findByTestId('erp-batch-error');
    expect(error).toHaveTextContent('ARROZ-5KG');
    expect(error).toHaveTextContent('store_code: loja não encontrada nesta conta.');
  });

  it('shows the empty state when the ERP sent nothing yet', async () => {
    mockApi(routes({ 'GET /api/integration/erp/batches': () => json({ data: [], meta: META(0) }) }));
    renderApp('/config/erp-integration');
    expect(await screen.findByText('Nenhum lote recebido')).toBeInTheDocument();
  });

  it('says why the batches could not load', async () => {
    mockApi(routes({ 'GET /api/integration/erp/batches': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Serviço indisponível.') }));
    renderApp('/config/erp-integration');
    expect(await screen.findByText('Não foi possível carregar os lotes do ERP.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('shows a refused callback URL on its field, and the secret once when enabling', async () => {
    let attempt = 0;
    mockApi(
      routes({
        'PUT /api/integration/erp/callback': () =>
          ++attempt === 1
            ? json({ error: { code: 'VALIDATION_ERROR', message: 'Dados inválidos', details: [{ field: 'url', code: 'url_refused', message: 'O endereço 10.0.0.1 aponta para uma rede interna.' }] }, requestId: 't' }, 400)
            : json({ ...CONFIG, url: 'https://erp.loja.com.br/hook', enabled: true, has_secret: true, secret_hint: 'whsec_abcd…', secret: 'whsec_abcdEFGH' }),
      }),
    );
    renderApp('/config/erp-integration?tab=callback');
    const user = userEvent.setup();
    const settings = await screen.findByTestId('erp-callback-settings');
    expect(await screen.findByText('Nenhum aviso enviado')).toBeInTheDocument();
    await user.type(within(settings).getByLabelText('URL de destino'), 'https://10.0.0.1/hook');
    await user.click(within(settings).getByLabelText('Enviar avisos'));
    await user.click(within(settings).getByRole('button', { name: 'Salvar' }));
    expect(await within(settings).findByText('O endereço 10.0.0.1 aponta para uma rede interna.')).toBeInTheDocument();
    await user.clear(within(settings).getByLabelText('URL de destino'));
    await user.type(within(settings).getByLabelText('URL de destino'), 'https://erp.loja.com.br/hook');
    await user.click(within(settings).getByRole('button', { name: 'Salvar' }));
    const modal = await screen.findByRole('dialog', { name: 'Guarde o segredo de assinatura' });
    expect(within(modal).getByTestId('erp-callback-secret')).toHaveTextContent('whsec_abcdEFGH');
  });
});
