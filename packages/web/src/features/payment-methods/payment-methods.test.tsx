import '../../test/signed-in';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_METHOD_CATALOG, PAYMENT_METHOD_KIND_LABELS, PAYMENT_METHODS } from '@backoffice/contracts';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import type { PaymentMethodConfig } from './api';
import { methodRows } from './effective';

const METHODS = PAYMENT_METHODS.map((method) => {
  const def = PAYMENT_METHOD_CATALOG[method];
  return { method, label: def.label, kind: def.kind, kind_label: PAYMENT_METHOD_KIND_LABELS[def.kind], installments: def.installments, default_active: def.defaultActive };
});

const config = (over: Partial<PaymentMethodConfig>): PaymentMethodConfig => ({
  _id: 1,
  id: 1,
  location_id: null,
  location_name: null,
  method: 'pix',
  label: 'Pix',
  kind: 'online',
  active: true,
  min_order_value: null,
  max_installments: null,
  created_at: '2026-11-20T13:00:00.000Z',
  updated_at: '2026-11-20T13:00:00.000Z',
  ...over,
});

// The account turned credit cards to at most 6 installments; store 3 takes no cash.
const ACCOUNT_CREDIT = config({ _id: 10, id: 10, method: 'credit_card', label: 'Cartão de crédito', max_installments: 6 });
const STORE_CASH = config({ _id: 11, id: 11, location_id: 3, location_name: 'Bom Preço Centro', method: 'cash', label: 'Dinheiro', kind: 'in_person', active: false });

const STORE = {
  id: 3,
  name: 'Bom Preço Centro',
  active: true,
};

function routes(extra: Record<string, (r: Request) => Response | Promise<Response>> = {}) {
  return mockApi({
    ...SHELL_ROUTES,
    'GET /api/payment-hub/payment/method': () => json({ data: METHODS }),
    'GET /api/payment-hub/payment/method-config': () => json({ data: [ACCOUNT_CREDIT, STORE_CASH], meta: { page: 1, quantity: 500, total: 2, total_pages: 1 } }),
    'GET /api/location/minified': () => json({ data: [{ id: 3, name: 'Bom Preço Centro', city: 'São Paulo', state: 'SP', active: true }] }),
    'GET /api/location/3': () => json(STORE),
    ...extra,
  });
}

const row = (method: string) => screen.getAllByTestId('method-row').find((r) => r.dataset.method === method)!;

describe('payment methods', { timeout: 30_000 }, () => {
  it('account screen: turning on a method the account has not configured creates its default and shows "Configuração criada com sucesso"', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const sent: unknown[] = [];
    routes({
      'POST /api/payment-hub/payment/method-config': async (request) => {
        sent.push(await request.json());
        return json({ message: 'Configuração criada com sucesso', config: config({ _id: 12, id: 12, method: 'boleto', label: 'Boleto bancário', active: true }) }, 201);
      },
    });
    renderApp('/financial/payment-methods');
    expect(await screen.findByText('Pagamento online')).toBeInTheDocument();
    expect(screen.getByText('Pagamento na entrega ou retirada')).toBeInTheDocument();
    expect(within(row('credit_card')).getByTestId('method-origin')).toHaveTextContent('Padrão da conta');
    expect(row('credit_card')).toHaveTextContent('Até 6x');
    expect(within(row('boleto')).getByTestId('method-origin')).toHaveTextContent('Padrão do hub');
    expect(await screen.findByTestId('payment-store')).toHaveTextContent('1 forma própria');

    await userEvent.setup().click(within(row('boleto')).getByRole('switch', { name: 'Ativa: Boleto bancário' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Configuração criada com sucesso' })));
    expect(sent).toEqual([{ location_id: null, method: 'boleto', active: true, min_order_value: null, max_installments: null }]);
  });

  it('store screen: editing a method the store configured alters it and shows "Configuração alterada com sucesso"', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const sent: unknown[] = [];
    routes({
      'PUT /api/payment-hub/payment/method-config/11': async (request) => {
        sent.push(await request.json());
        return json({ message: 'Configuração alterada com sucesso', config: { ...STORE_CASH, active: true, min_order_value: 30 } });
      },
    });
    renderApp('/locations/payment-methods/3');
    expect(await screen.findByText('Bom Preço Centro')).toBeInTheDocument();
    await screen.findAllByTestId('method-row');
    expect(within(row('cash')).getByTestId('method-origin')).toHaveTextContent('Própria da loja');
    expect(within(row('credit_card')).getByTestId('method-origin')).toHaveTextContent('Padrão da conta');
    expect(within(row('pix')).getByTestId('method-origin')).toHaveTextContent('Padrão do hub');

    const user = userEvent.setup();
    await user.click(within(row('cash')).getByRole('button', { name: 'Editar Dinheiro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configurar Dinheiro' });
    await user.click(within(dialog).getByRole('switch', { name: 'Aceitar esta forma de pagamento' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Pedido mínimo' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Configuração alterada com sucesso' })));
    expect(sent).toEqual([{ active: true, min_order_value: 30, max_installments: null }]);
  });

  it('store screen: "Restaurar padrão" removes the store configuration after confirming and shows "Configuração restaurada com sucesso"', async () => {
    const toast = vi.spyOn(notifications, 'show');
    let removed = false;
    routes({
      'DELETE /api/payment-hub/payment/method-config/11': () => {
        removed = true;
        return json({ message: 'Configuração restaurada com sucesso', config: STORE_CASH });
      },
    });
    renderApp('/locations/payment-methods/3');
    await screen.findAllByTestId('method-row');
    const user = userEvent.setup();
    expect(within(row('pix')).queryByRole('button', { name: 'Restaurar padrão: Pix' })).toBeNull();
    await user.click(within(row('cash')).getByRole('button', { name: 'Restaurar padrão: Dinheiro' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('volta a valer o padrão da conta');
    await user.click(within(dialog).getByRole('button', { name: 'Restaurar padrão' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Configuração restaurada com sucesso' })));
    expect(removed).toBe(true);
  });

  it('shows the server message when the configuration cannot be saved', async () => {
    const toast = vi.spyOn(notifications, 'show');
    routes({
      'POST /api/payment-hub/payment/method-config': () => apiError(403, 'PAYMENT_CONFIG_ALL_STORES', 'Só quem acessa todas as lojas altera o padrão da conta.'),
    });
    renderApp('/financial/payment-methods');
    await screen.findAllByTestId('method-row');
    await userEvent.setup().click(within(row('pix')).getByRole('switch', { name: 'Ativa: Pix' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Só quem acessa todas as lojas altera o padrão da conta.' })));
  });
});

describe('effective methods', () => {
  it('a store follows its own configuration, else the account default, else the hub', () => {
    const rows = methodRows(METHODS, [ACCOUNT_CREDIT, STORE_CASH], 3);
    const by = (m: string) => rows.find((r) => r.method.method === m)!;
    expect(by('cash')).toMatchObject({ origin: 'store', effective: { active: false }, inheritedOrigin: 'hub', inherited: { active: true } });
    expect(by('credit_card')).toMatchObject({ origin: 'account', own: null, effective: { active: true, max_installments: 6 } });
    expect(by('boleto')).toMatchObject({ origin: 'hub', effective: { active: false } });
    expect(methodRows(METHODS, [ACCOUNT_CREDIT, STORE_CASH], null).find((r) => r.method.method === 'cash')).toMatchObject({ origin: 'hub', own: null });
  });
});
