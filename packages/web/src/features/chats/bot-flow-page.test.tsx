import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import type { BotFlow } from './bot-flow-api';

const FLOW: BotFlow = {
  enabled: true,
  greeting: 'Olá, {{nome}}! Você está falando com o atendimento do {{loja}}.',
  menu: 'Como podemos ajudar?\n1 - Enviar minha lista de compras\n2 - Falar com um atendente',
  list_prompt: 'Mande sua lista de compras numa mensagem só.',
  list_received: 'Recebemos sua lista com {{itens}} item(ns).',
  handover: 'Um de nossos atendentes vai continuar o seu atendimento em instantes.',
  business_hours: 'Nosso atendimento está fechado agora.',
  abandon_after_minutes: 30,
  default_location_id: null,
  updated_at: null,
};
const STORES = [
  { id: 3, name: 'Bom Preço Centro', city: 'São Paulo', state: 'SP', active: true },
  { id: 4, name: 'Bom Preço Vila Mariana', city: 'São Paulo', state: 'SP', active: true },
];

const routes = (over: Record<string, Handler> = {}) =>
  mockApi({ ...SHELL_ROUTES, 'GET /api/chats/bot-flow': () => json(FLOW), 'GET /api/location/minified': () => json({ data: STORES }), ...over });

const previewTexts = () => within(screen.getByTestId('bot-flow-preview')).getAllByTestId('bot-preview-text').map((n) => n.textContent);
const putCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === 'PUT');

describe('chats bot flow screen', { timeout: 60_000 }, () => {
  it('loads the flow, previews it with sample values, and saves the edited flow (PUT body, "Fluxo do bot salvo.")', async () => {
    const show = vi.spyOn(notifications, 'show');
    const fetchMock = routes({ 'PUT /api/chats/bot-flow': async (request) => json({ ...FLOW, ...((await request.clone().json()) as object), updated_at: '2026-11-20T15:00:00.000Z' }) });
    renderApp('/chats/bot');
    const user = userEvent.setup();
    const greeting = await screen.findByLabelText(/^Saudação/);
    expect(greeting).toHaveValue(FLOW.greeting);
    expect(screen.getByText(/Use \{\{nome\}\} para o primeiro nome/)).toBeInTheDocument();
    // The preview: greeting → menu → list prompt → list received → handover, placeholders filled.
    expect(previewTexts()).toEqual([
      'Oi, boa tarde!',
      'Olá, Maria! Você está falando com o atendimento do Supermercado Bom Preço.',
      FLOW.menu,
      '1',
      FLOW.list_prompt,
      '2 kg de arroz\n1 kg de feijão\n1 l de leite integral',
      'Recebemos sua lista com 3 item(ns).',
      FLOW.handover,
    ]);

    await user.clear(greeting);
    await user.paste('Oi, {{nome}}! Aqui é o {{loja}}.');
    expect(previewTexts()[1]).toBe('Oi, Maria! Aqui é o Supermercado Bom Preço.');
    expect(screen.getByTestId('bot-flow-status')).toHaveTextContent('Alterações não salvas.');

    const minutes = screen.getByRole('textbox', { name: /^Encerrar etapa sem resposta/ });
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(screen.getByRole('combobox', { name: /^Loja padrão/ }));
    await user.click(await screen.findByRole('option', { name: 'Bom Preço Vila Mariana' }));
    await user.click(screen.getByRole('switch', { name: /^Bot ativo/ }));
    expect(screen.getByTestId('bot-preview-disabled')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Fluxo do bot salvo.' })));
    const [put] = putCalls(fetchMock);
    expect(await put!.clone().json()).toEqual({
      enabled: false,
      greeting: 'Oi, {{nome}}! Aqui é o {{loja}}.',
      menu: FLOW.menu,
      list_prompt: FLOW.list_prompt,
      list_received: FLOW.list_received,
      handover: FLOW.handover,
      business_hours: FLOW.business_hours,
      abandon_after_minutes: 45,
      default_location_id: 4,
    });
    await waitFor(() => expect(screen.getByTestId('bot-flow-status')).not.toHaveTextContent('Alterações não salvas.'));
    expect(screen.getByRole('button', { name: 'Descartar alterações' })).toBeDisabled();
  });

  it('shows the closed-store answer, and warns of placeholders a message does not fill', async () => {
    routes();
    renderApp('/chats/bot');
    const user = userEvent.setup();
    const menu = await screen.findByLabelText(/^Menu/, { selector: 'textarea' });
    await user.type(menu, ' {{{{nome}}');
    expect(screen.getByTestId('bot-flow-unknown-menu')).toHaveTextContent('Esta mensagem não troca {{nome}}');
    await user.click(screen.getByText('Loja fechada'));
    expect(previewTexts()).toEqual(['Oi, boa tarde!', FLOW.business_hours]);
  });

  it('refusals: an empty message is caught before sending; the server’s field errors land on their fields', async () => {
    const show = vi.spyOn(notifications, 'show');
    const fetchMock = routes({
      'GET /api/chats/bot-flow': () => json({ ...FLOW, default_location_id: 3 }),
      'PUT /api/chats/bot-flow': () =>
        json(
          {
            error: { code: 'CHAT_BOT_LOCATION_UNKNOWN', message: 'Loja do robô não encontrada nesta conta.', details: [{ field: 'default_location_id', code: 'invalid', message: 'Loja do robô não encontrada nesta conta.' }] },
            requestId: 'test',
          },
          422,
        ),
    });
    renderApp('/chats/bot');
    const user = userEvent.setup();
    const handover = await screen.findByLabelText(/^Transferência para atendente/);
    await user.clear(handover);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campo obrigatório.')).toBeInTheDocument();
    expect(handover).toHaveAttribute('aria-invalid', 'true');
    expect(putCalls(fetchMock)).toHaveLength(0);

    await user.paste('Já chamamos um atendente.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const store = screen.getByRole('combobox', { name: /^Loja padrão/ });
    await waitFor(() => expect(store).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Loja do robô não encontrada nesta conta.').length).toBeGreaterThan(0);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Erro', message: 'Loja do robô não encontrada nesta conta.' }));
    expect(screen.getByTestId('bot-flow-status')).toHaveTextContent('Alterações não salvas.');
  });

  it('a failed load shows the server’s message and retries', async () => {
    let fail = true;
    routes({ 'GET /api/chats/bot-flow': () => (fail ? apiError(500, 'INTERNAL', 'Erro interno.') : json(FLOW)) });
    renderApp('/chats/bot');
    const error = await screen.findByTestId('bot-flow-load-error', undefined, { timeout: 10_000 });
    expect(error).toHaveTextContent('Erro ao carregar o fluxo do bot.');
    expect(error).toHaveTextContent('Erro interno.');
    fail = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText(/^Saudação/)).toHaveValue(FLOW.greeting);
  });

  it('an operator sees the flow without the save button', async () => {
    routes({ 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'operator' }]) });
    renderApp('/chats/bot');
    expect(await screen.findByTestId('bot-flow-read-only')).toHaveTextContent('Somente administradores e gerentes alteram o fluxo do bot.');
    expect(screen.getByLabelText(/^Saudação/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });
});
