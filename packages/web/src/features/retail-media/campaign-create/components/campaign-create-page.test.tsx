import '../../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION, SHELL_ROUTES, apiError, json, mockApi } from '../../../../test/api-mock';
import { renderApp } from '../../../../test/render-app';
import { setSession } from '../../../../shared/session/session';
import { saoPauloToday } from '@backoffice/contracts';
import { GOALS, RECOMMENDED, createdCampaign, productsPage, publisher } from '../test-fixtures';

function routes(over: Record<string, (r: Request) => Response | Promise<Response>> = {}) {
  const bodies: unknown[] = [];
  const all = {
    ...SHELL_ROUTES,
    'GET /publishers': () => json([publisher()]),
    'GET /goals': () => json(GOALS),
    'GET /recommended-products/1': () => productsPage([RECOMMENDED]),
    'POST /campaign/objective-based': async (r: Request) => {
      bodies.push(await r.json());
      return json(createdCampaign(42), 201);
    },
    ...over,
  };
  return { all, bodies };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** Goal → products (by searching the catalog) → setup, as a person does it. */
async function fillObjectiveFlow(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { name: 'Criar campanha' })).toBeInTheDocument();
  await screen.findByTestId('goal-growth');
  expect(within(screen.getByTestId('goal-growth')).getByText('Custo por clique de R$ 0,80 a R$ 2,00')).toBeInTheDocument();
  expect(button(/Próximo/)).toBeDisabled();
  // Setup cannot be opened before the goal and products are valid.
  await user.click(screen.getByText('Configuração'));
  expect(screen.queryByRole('textbox', { name: /Nome da campanha/ })).not.toBeInTheDocument();

  await user.click(screen.getByTestId('goal-growth'));
  expect(button(/Próximo/)).toBeEnabled();
  await user.click(button(/Próximo/));

  expect(screen.getByText('Carregando recomendações…')).toBeInTheDocument();
  expect(button(/Próximo/)).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: 'Buscar no catálogo do publisher' }), 'café');
  await user.click(await screen.findByTestId('recommended-product'));
  expect(button(/Próximo/)).toBeEnabled();
  await user.click(button(/Próximo/));

  const name = await screen.findByRole('textbox', { name: /Nome da campanha/ });
  expect(screen.getByRole('textbox', { name: /Orçamento diário/ })).toHaveValue('R$ 100');
  expect(screen.getByRole('switch', { name: /Sempre ativa/ })).toBeChecked();
  expect(button('Criar campanha')).toBeDisabled();
  await user.type(name, 'Café Aurora – lançamento');
  expect(button('Criar campanha')).toBeEnabled();
}

describe('objective-based campaign creation (spec §2/§4)', { timeout: 60_000 }, () => {
  it('walks the three steps and posts exactly the spec payload, then opens the campaign view', async () => {
    const { all, bodies } = routes();
    const fetchMock = mockApi(all);
    const { router } = renderApp('/retail-media/campaign/create');
    const user = userEvent.setup();

    await fillObjectiveFlow(user);
    await user.click(button('Criar campanha'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/retail-media/campaign/view/42'));
    expect(bodies).toEqual([
      {
        goal: 'growth',
        name: 'Café Aurora – lançamento',
        products: [{ id: 11, sku: 'cafe-aurora-500g' }],
        start_at: saoPauloToday(),
        end_at: null,
        publisher_id: 1,
        daily_budget: 100,
      },
    ]);
    const search = fetchMock.mock.calls.map(([r]) => new URL(r.url)).find((u) => u.pathname === '/recommended-products/1' && u.searchParams.get('q'));
    expect(search!.searchParams.get('q')).toBe('café');
    const goals = fetchMock.mock.calls.map(([r]) => new URL(r.url)).find((u) => u.pathname === '/goals')!;
    expect(goals.searchParams.get('publisher_id')).toBe('1');
  });

  it('sends the daily budget in cents for an account with a cents currency', async () => {
    setSession({ ...SESSION, account: { ...SESSION.account, currency_cents: true } });
    try {
      const { all, bodies } = routes();
      mockApi(all);
      const { router } = renderApp('/retail-media/campaign/create');
      const user = userEvent.setup();
      await fillObjectiveFlow(user);
      await user.click(button('Criar campanha'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/retail-media/campaign/view/42'));
      expect(bodies[0]).toMatchObject({ daily_budget: 10_000 });
    } finally {
      setSession(SESSION);
    }
  });

  it('shows the API field error at its step and stays', async () => {
    const { all } = routes({
      'POST /campaign/objective-based': () =>
        json({ error: { code: 'VALIDATION_ERROR', message: 'Dados inválidos.', details: [{ field: 'name', message: 'Já existe uma campanha com este nome.' }] }, requestId: 't' }, 400),
    });
    mockApi(all);
    const { router } = renderApp('/retail-media/campaign/create');
    const user = userEvent.setup();
    await fillObjectiveFlow(user);
    await user.click(button('Criar campanha'));
    expect(await screen.findByText('Já existe uma campanha com este nome.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/retail-media/campaign/create');
  });

  it('shows an error alert when the goals cannot be loaded', async () => {
    const { all } = routes({ 'GET /goals': () => apiError(500, 'INTERNAL', 'Falha ao carregar objetivos.') });
    mockApi(all);
    renderApp('/retail-media/campaign/create');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Não foi possível carregar os objetivos do publisher.');
  });

  it('offers only the strategies the link allows, starting from its default', async () => {
    const { all } = routes({ 'GET /publishers': () => json([publisher({ strategies: ['standard'], default_strategy: 'standard' })]) });
    mockApi(all);
    renderApp('/retail-media/campaign/create');
    expect(await screen.findByRole('heading', { name: 'Informações gerais' })).toBeInTheDocument();
    expect(screen.queryByText('Por objetivo')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Orçamento diário/ })).toHaveValue('R$ 100');
  });
});
