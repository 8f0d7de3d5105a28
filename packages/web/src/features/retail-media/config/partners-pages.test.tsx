import '../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_INFO, SESSION, SHELL_ROUTES, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { setSession } from '../../../shared/session/session';
import type { Advertiser, Publisher } from './api';

const LINK = {
  type: 'industry' as const,
  seller_id: null,
  brands: ['Aurora', 'Aurora Gourmet'],
  allow_manage_subpublishers: false,
  strategies: ['standard', 'objective_based'] as Advertiser['link']['strategies'],
  defaultStrategy: 'standard' as const,
  enable_audience_campaign: true,
  allow_total_budget_campaign: false,
};
const METRICS = { campaigns_active: 3, impressions: 120000, clicks: 2400, total_spent: 1830.4, income: 9120 };

const AURORA: Advertiser = {
  id: 2,
  name: 'Café Aurora',
  seller_id: 'aurora',
  checking_account_id: 3,
  advertiser_tags: ['Aurora', 'Aurora Gourmet'],
  balance: 5000,
  account_logo: null,
  account_theme: '#5c3d2e',
  publisher_id: 1,
  link: LINK,
  metrics: METRICS,
  can_edit: true,
  can_edit_seller_id: false,
};

const page = <T,>(data: T[]) => json({ data, meta: { page: 1, quantity: 50, total: data.length, total_pages: 1 } });
const routes = (extra: Record<string, Handler> = {}) => ({ ...SHELL_ROUTES, 'GET /advertisers': () => page([AURORA]), ...extra });

afterEach(() => setSession(SESSION));

describe('advertisers (spec §2, §3, §5, §6)', { timeout: 30_000 }, () => {
  it('lists linked advertisers with balance, brands, campaigns, spent and a link to the wallet movements', async () => {
    mockApi(routes());
    renderApp('/retail-media/advertisers');
    const row = (await screen.findAllByTestId('advertiser-row'))[0]!;
    expect(within(row).getByText('Café Aurora')).toBeInTheDocument();
    expect(within(row).getByText('R$ 5.000,00')).toBeInTheDocument();
    expect(within(row).getByText('Aurora Gourmet')).toBeInTheDocument();
    expect(within(row).getByText('R$ 1.830,40')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Movimentações da carteira de Café Aurora' })).toHaveAttribute('href', '/retail-media/wallet/3/movimentations?rmid=2');
  });

  it('edits the link in a drawer with the seller id disabled as the API says, and saves it', async () => {
    const fetchMock = mockApi(routes({ 'PUT /advertisers/2/link': async () => json(AURORA) }));
    renderApp('/retail-media/advertisers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar: Café Aurora' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('textbox', { name: /Seller id/ })).toBeDisabled();
    await user.click(within(drawer).getByRole('switch', { name: 'Campanhas com orçamento total' }));
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([r]) => r.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.map(([r]) => r).find((r) => r.method === 'PUT')!;
    // The form starts from the advertiser's seller id, disabled for this role, and sends it back unchanged.
    expect(await put.clone().json()).toEqual({ ...LINK, seller_id: 'aurora', allow_total_budget_campaign: true });
  });

  it('shows a read-only link without save, cancel or remove when the API says can_edit is false', async () => {
    mockApi(routes({ 'GET /advertisers': () => page([{ ...AURORA, can_edit: false }]) }));
    renderApp('/retail-media/advertisers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ver vínculo: Café Aurora' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Desvincular' })).not.toBeInTheDocument();
  });

  it('links an advertiser by CNPJ', async () => {
    const fetchMock = mockApi(routes({ 'POST /advertisers': () => json(AURORA, 201) }));
    renderApp('/retail-media/advertisers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Vincular anunciante' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    expect(await within(dialog).findByText('Informe o CNPJ do anunciante (14 dígitos).')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /CNPJ/ }), '12345678000190');
    expect(within(dialog).getByRole('textbox', { name: /CNPJ/ })).toHaveValue('12.345.678/0001-90');
    await user.click(within(dialog).getByRole('button', { name: 'Vincular' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([r]) => r.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.map(([r]) => r).find((r) => r.method === 'POST')!;
    expect(await post.clone().json()).toMatchObject({ document: '12.345.678/0001-90', type: 'industry', strategies: ['standard'], defaultStrategy: 'standard' });
  });

  it('shows "Erro: {message}" when the list fails', async () => {
    mockApi(routes({ 'GET /advertisers': () => json({ error: { code: 'PUBLISHER_NOT_FOUND', message: 'Publisher não encontrado.' } }, 404) }));
    renderApp('/retail-media/advertisers');
    expect(await screen.findByText('Erro: Publisher não encontrado.')).toBeInTheDocument();
  });
});

describe('publishers and sub-publishers', { timeout: 30_000 }, () => {
  const BOM_PRECO: Publisher = {
    id: 1,
    name: 'Supermercado Bom Preço',
    logo: null,
    account_theme: '#c92a2a',
    link: LINK,
    wallet: { id: 3, balance: 5000 },
    permissions: {
      publisher_id: 1,
      can_create: true,
      can_review: false,
      strategies: ['standard', 'objective_based'],
      default_strategy: 'standard',
      ad_types: ['product', 'banner'],
      enable_audience_campaign: true,
      allow_total_budget_campaign: false,
      allow_manage_subpublishers: false,
    },
  };

  it('lists the publishers of an advertiser with balance, permissions, campaign and wallet links', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /publishers': () => json([BOM_PRECO]), 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'manager' }]) });
    renderApp('/retail-media/publishers');
    const card = await screen.findByTestId('publisher-card');
    expect(within(card).getByTestId('publisher-balance')).toHaveTextContent('R$ 5.000,00');
    expect(within(card).getByText('Por objetivo')).toBeInTheDocument();
    expect(within(card).getByText('Banner')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Criar campanha/ })).toHaveAttribute('href', '/retail-media/campaign/create?publisher_id=1');
    expect(within(card).getByRole('link', { name: /Movimentações/ })).toHaveAttribute('href', '/retail-media/wallet/3/movimentations?rmid=1');
    expect(within(card).getByRole('link', { name: /Recarregar/ })).toHaveAttribute('href', '/retail-media/wallet/3/recharge?rmid=1');
  });

  it('tells an account that is not a network why it has no sub-publishers, without asking the API', async () => {
    const fetchMock = mockApi(SHELL_ROUTES);
    renderApp('/retail-media/subpublishers');
    expect(await screen.findByText('Sua conta não é uma rede')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([r]) => new URL(r.url).pathname === '/subpublishers')).toBe(false);
  });

  it('lists a network’s sub-publishers with their metrics', async () => {
    setSession({ ...SESSION, account: { ...SESSION.account, is_network: true } });
    mockApi({ ...SHELL_ROUTES, 'GET /subpublishers': () => page([{ id: 7, name: 'Mercado Vila Nova', account_logo: null, account_theme: null, metrics: METRICS }]) });
    renderApp('/retail-media/subpublishers');
    const row = (await screen.findAllByTestId('subpublisher-row'))[0]!;
    expect(within(row).getByText('Mercado Vila Nova')).toBeInTheDocument();
    expect(within(row).getByText('R$ 9.120,00')).toBeInTheDocument();
  });
});
