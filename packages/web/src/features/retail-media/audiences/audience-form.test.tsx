import '../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, json, mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

const ATTRIBUTES = [
  { key: 'gender', label: 'Gênero', type: 'enum', operators: ['eq', 'neq', 'in', 'not_in'], options: [{ value: 'female', label: 'Feminino' }, { value: 'male', label: 'Masculino' }] },
  { key: 'average_ticket', label: 'Ticket médio (R$)', type: 'number', operators: ['gte', 'between'] },
];

const routes = () => ({
  ...SHELL_ROUTES,
  'GET /audience': () => json({ data: [], meta: { page: 1, quantity: 12, total: 0, total_pages: 0 } }),
  'GET /audience/attributes': () => json(ATTRIBUTES),
  'GET /publishers': () => json([]),
  'GET /advertisers': () => json({ data: [{ id: 2, name: 'Café Aurora' }], meta: { page: 1, quantity: 500, total: 1, total_pages: 1 } }),
  'POST /audience': async (r: Request) => json({ id: 9, ...(await r.clone().json()) }, 201),
});

describe('new audience form (spec §3)', { timeout: 40_000 }, () => {
  it('builds rules from the attributes, asks advertisers for a private audience and sends the contract body', async () => {
    const fetchMock = mockApi(routes());
    renderApp('/retail-media/audiences');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nova audiência' }));
    const dialog = await screen.findByRole('dialog');

    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Compradoras de café');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar regra' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Atributo' }));
    await user.click(await screen.findByRole('option', { name: 'Gênero' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Valor' }));
    await user.click(await screen.findByRole('option', { name: 'Feminino' }));

    await user.click(within(dialog).getByRole('radio', { name: /Privada/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar audiência' }));
    expect(await within(dialog).findByText('Escolha ao menos um anunciante para uma audiência privada.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /Anunciantes/ }));
    await user.click(await screen.findByRole('option', { name: 'Café Aurora' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar audiência' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([r]) => r.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.map(([r]) => r).find((r) => r.method === 'POST')!;
    expect(await post.clone().json()).toEqual({
      publisher_id: 1,
      name: 'Compradoras de café',
      description: null,
      estimated_audience: 0,
      reach_range: 0,
      visibility: 'private',
      advertiser_ids: [2],
      rules: [{ attribute: 'gender', operator: 'eq', value: 'female' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
