import '../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_TEMPLATE_SAMPLE_MESSAGE } from '@backoffice/contracts';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import type { MessagingTemplate } from './api';

const template = (id: number, name: string, patch: Partial<MessagingTemplate> = {}): MessagingTemplate => ({
  id,
  name,
  description: null,
  message: 'Olá, {{nome}}! Picanha com 20% de desconto.',
  buttons: ['Quero aproveitar'],
  media_url: null,
  media_type: null,
  media_name: null,
  language: 'pt_BR',
  status: 'approved',
  rejection_reason: null,
  submitted_at: '2026-11-20T12:00:00.000Z',
  decided_at: '2026-11-20T12:05:00.000Z',
  campaigns_count: 0,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  ...patch,
});

/** A deferred answer: the test decides when (and how) the API answers. */
function later() {
  let answer!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer };
}

const page = (rows: MessagingTemplate[]) => json({ data: rows, meta: { page: 1, quantity: 20, total: rows.length, total_pages: 1 } });
afterEach(() => vi.restoreAllMocks());

const toastSpy = () => vi.spyOn(notifications, 'show');
const toasted = (spy: ReturnType<typeof toastSpy>, color: string, message: string) =>
  waitFor(() => expect(spy).toHaveBeenCalledWith(expect.objectContaining({ color, message })));
const rowOf = (name: string) => screen.getAllByTestId('template-row').find((r) => within(r).queryByText(name));

async function fillNewTemplate(name: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Nome/), name);
  const message = screen.getByLabelText(/^Mensagem/);
  await user.clear(message);
  await user.type(message, 'Olá, {{{{nome}}! Ofertas de churrasco no sábado.');
  return user;
}

describe('template list: optimistic create and delete (spec §4)', { timeout: 60_000 }, () => {
  it('shows the new template as a saving entry at once, replaced by the saved one', async () => {
    const toast = toastSpy();
    const rows = [template(1, 'boas_vindas')];
    const post = later();
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/messaging-campaign/template': (request) => (new URL(request.url).searchParams.get('search') ? page([]) : page(rows)),
      'POST /api/messaging-campaign/template': () => post.promise,
    });
    const { router } = renderApp('/messaging-campaigns/templates/create');
    const user = await fillNewTemplate('ofertas_sabado');
    await user.click(screen.getByRole('button', { name: 'Criar template' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/messaging-campaigns/templates/list'));
    await waitFor(() => expect(rowOf('ofertas_sabado')).toBeDefined());
    const saving = rowOf('ofertas_sabado')!;
    expect(saving).toHaveAttribute('data-saving', 'true');
    expect(within(saving).getByText('Salvando…')).toBeInTheDocument();
    expect(within(saving).queryByRole('link')).not.toBeInTheDocument();

    const saved = template(2, 'ofertas_sabado', { status: 'pending', decided_at: null });
    rows.unshift(saved);
    post.answer(json(saved, 201));
    await waitFor(() => expect(rowOf('ofertas_sabado')).not.toHaveAttribute('data-saving'));
    expect(screen.getAllByTestId('template-row')).toHaveLength(2);
    expect(within(rowOf('ofertas_sabado')!).getByText('Pendente')).toBeInTheDocument();
    expect(within(rowOf('ofertas_sabado')!).getByRole('link', { name: 'ofertas_sabado' })).toHaveAttribute('href', '/messaging-campaigns/templates/view/2');
    await toasted(toast, 'green', 'Template criado com sucesso.');
  });

  it('removes the saving entry when the API refuses, with the server’s message', async () => {
    const toast = toastSpy();
    const post = later();
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/messaging-campaign/template': () => page([template(1, 'boas_vindas')]),
      'POST /api/messaging-campaign/template': () => post.promise,
    });
    renderApp('/messaging-campaigns/templates/create');
    const user = await fillNewTemplate('ofertas_sabado');
    await user.click(screen.getByRole('button', { name: 'Criar template' }));
    await waitFor(() => expect(rowOf('ofertas_sabado')).toHaveAttribute('data-saving', 'true'));

    post.answer(apiError(409, 'MESSAGING_TEMPLATE_NAME_TAKEN', 'Já existe um template com este nome.'));
    await waitFor(() => expect(rowOf('ofertas_sabado')).toBeUndefined());
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Erro', message: 'Já existe um template com este nome.' })));
  });

  it('marks a deleted template deleted and saving, then removes it', async () => {
    const toast = toastSpy();
    const rows = [template(1, 'boas_vindas'), template(2, 'ofertas_sabado')];
    const del = later();
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/messaging-campaign/template': () => page(rows),
      'DELETE /api/messaging-campaign/template/2': () => del.promise,
    });
    renderApp('/messaging-campaigns/templates/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir: ofertas_sabado' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(rowOf('ofertas_sabado')).toHaveAttribute('data-deleted', 'true'));
    expect(rowOf('ofertas_sabado')).toHaveAttribute('data-saving', 'true');
    expect(within(rowOf('ofertas_sabado')!).getByText('Excluindo…')).toBeInTheDocument();

    rows.splice(1, 1);
    del.answer(json({ message: 'Template excluído.' }));
    await waitFor(() => expect(rowOf('ofertas_sabado')).toBeUndefined());
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    await toasted(toast, 'green', 'Template excluído com sucesso.');
  });

  it('restores the template when the delete fails', async () => {
    const toast = toastSpy();
    const del = later();
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/messaging-campaign/template': () => page([template(1, 'boas_vindas'), template(2, 'ofertas_sabado')]),
      'DELETE /api/messaging-campaign/template/2': () => del.promise,
    });
    renderApp('/messaging-campaigns/templates/list');
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir: ofertas_sabado' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(rowOf('ofertas_sabado')).toHaveAttribute('data-deleted', 'true'));

    del.answer(apiError(503, 'SERVICE_UNAVAILABLE', 'Serviço indisponível.'));
    await waitFor(() => expect(rowOf('ofertas_sabado')).not.toHaveAttribute('data-deleted'));
    expect(rowOf('ofertas_sabado')).not.toHaveAttribute('data-saving');
    expect(screen.getAllByTestId('template-row')).toHaveLength(2);
    await toasted(toast, 'red', 'Não foi possível excluir o template.');
  });
});

describe('template form rules (spec §5)', { timeout: 60_000 }, () => {
  it('checks the name as it is typed, and keeps create disabled while the message is the sample', async () => {
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/messaging-campaign/template': (request) => page(new URL(request.url).searchParams.get('search') === 'boas_vindas' ? [template(1, 'boas_vindas')] : []),
    });
    renderApp('/messaging-campaigns/templates/create');
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText(/^Nome/);
    expect(screen.getByLabelText(/^Mensagem/)).toHaveValue(MESSAGING_TEMPLATE_SAMPLE_MESSAGE);
    expect(screen.getByRole('button', { name: 'Criar template' })).toBeDisabled();
    expect(screen.getByTestId('template-sample-warning')).toBeInTheDocument();
    expect(screen.getByLabelText('Quero aproveitar')).toBeChecked();
    expect(screen.getByLabelText('Não quero mensagens')).not.toBeChecked();

    await user.type(name, 'Ofertas Sábado');
    expect(await screen.findByText('O nome do template aceita apenas letras minúsculas, números e sublinhado (_).')).toBeInTheDocument();
    await user.clear(name);
    expect(await screen.findByText('Informe o nome do template.')).toBeInTheDocument();
    await user.type(name, 'boas_vindas');
    expect(await screen.findByText('Já existe um template com este nome.')).toBeInTheDocument();

    const message = screen.getByLabelText(/^Mensagem/);
    await user.clear(message);
    expect(await screen.findByText('Informe o texto da mensagem do template.')).toBeInTheDocument();
    await user.type(message, 'Promoção de *picanha*!');
    expect(screen.queryByTestId('template-sample-warning')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('whatsapp-preview')).getByText('picanha').tagName).toBe('STRONG');

    await user.click(screen.getByLabelText('Quero aproveitar'));
    expect(await screen.findByText('Escolha ao menos um botão: "Quero aproveitar" ou "Não quero mensagens".')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Não quero mensagens'));
    expect(within(screen.getByTestId('whatsapp-preview')).getAllByTestId('whatsapp-preview-button').map((b) => b.textContent)).toEqual(['Não quero mensagens']);
  });
});
