import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import type { ChatTemplate } from './api';

const template = (over: Partial<ChatTemplate> = {}): ChatTemplate => ({
  id: 1,
  templateId: 'boas_vindas',
  title: 'Boas-vindas',
  body: 'Olá, {{nome}}! Como podemos ajudar?',
  global: true,
  user_id: null,
  user_name: null,
  status: 'active',
  editable: true,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  ...over,
});

const page = (rows: ChatTemplate[]) => json({ data: rows, meta: { page: 1, quantity: 500, total: rows.length, total_pages: 1 } });

/** A response held until the test lets it go, to see the screen while the request travels. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { handler: (() => promise) as Handler, release };
}

const rowOf = (title: string) => screen.getAllByTestId('template-row').find((r) => within(r).queryByText(title));
const toasts = () => vi.spyOn(notifications, 'show');

async function fillForm(user: ReturnType<typeof userEvent.setup>, values: { templateId: string; title: string; body: string }) {
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText(/^Atalho/), values.templateId);
  await user.type(within(dialog).getByLabelText(/^Título/), values.title);
  await user.type(within(dialog).getByLabelText(/^Mensagem/), values.body);
  await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
}

describe('chat templates: optimistic create and delete (spec §4) with the spec §8 messages', { timeout: 30_000 }, () => {
  it('create shows a temporary "Salvando..." entry, replaced by the saved template with "criado" on success', async () => {
    const show = toasts();
    const post = deferred();
    const fetchMock = mockApi({ ...SHELL_ROUTES, 'GET /api/chats/templates': () => page([template()]), 'POST /api/chats/templates': post.handler });
    renderApp('/chats/templates');
    const user = userEvent.setup();
    await screen.findByText('Boas-vindas');
    await user.click(screen.getByRole('button', { name: 'Novo modelo' }));
    await fillForm(user, { templateId: 'frete_gratis', title: 'Frete grátis', body: 'Hoje o frete é grátis acima de R$ 100.' });

    const temporary = await waitFor(() => {
      const row = rowOf('Frete grátis');
      expect(row).toBeDefined();
      return row!;
    });
    expect(temporary).toHaveAttribute('data-pending', 'saving');
    expect(within(temporary).getByText('Salvando...')).toBeInTheDocument();

    const call = fetchMock.mock.calls.map(([r]) => r).find((r) => r.method === 'POST');
    expect(await call!.clone().json()).toEqual({ templateId: 'frete_gratis', title: 'Frete grátis', body: 'Hoje o frete é grátis acima de R$ 100.', global: false, status: 'active' });

    post.release(json(template({ id: 7, templateId: 'frete_gratis', title: 'Frete grátis', body: 'Hoje o frete é grátis acima de R$ 100.', global: false, user_id: 1, user_name: 'Ana Paula Souza' }), 201));
    await waitFor(() => expect(rowOf('Frete grátis')).not.toHaveAttribute('data-pending'));
    expect(screen.queryByText('Salvando...')).toBeNull();
    expect(screen.getAllByTestId('template-row')).toHaveLength(2);
    expect(within(rowOf('Frete grátis')!).getByText('Pessoal · Ana Paula Souza')).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Modelo de mensagem criado com sucesso.' }));
  });

  it('create refused: the temporary entry is removed and the server’s message is shown', async () => {
    const show = toasts();
    const post = deferred();
    mockApi({ ...SHELL_ROUTES, 'GET /api/chats/templates': () => page([template()]), 'POST /api/chats/templates': post.handler });
    renderApp('/chats/templates');
    const user = userEvent.setup();
    await screen.findByText('Boas-vindas');
    await user.click(screen.getByRole('button', { name: 'Novo modelo' }));
    await fillForm(user, { templateId: 'boas_vindas', title: 'Outra saudação', body: 'Oi!' });
    await waitFor(() => expect(rowOf('Outra saudação')).toHaveAttribute('data-pending', 'saving'));

    post.release(apiError(409, 'CHAT_TEMPLATE_EXISTS', 'Já existe um modelo com o atalho boas_vindas.'));
    await waitFor(() => expect(rowOf('Outra saudação')).toBeUndefined());
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Erro', message: 'Já existe um modelo com o atalho boas_vindas.' }));
  });

  it('create failing without the server’s word (network): removed, with the fixed Portuguese message', async () => {
    const show = toasts();
    mockApi({ ...SHELL_ROUTES, 'GET /api/chats/templates': () => page([]), 'POST /api/chats/templates': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/chats/templates');
    const user = userEvent.setup();
    await screen.findByText('Nenhum modelo de mensagem.');
    await user.click(screen.getByRole('button', { name: 'Novo modelo' }));
    await fillForm(user, { templateId: 'pix', title: 'Pix', body: 'Aceitamos Pix.' });
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Erro', message: 'Erro ao criar o modelo de mensagem.' })));
    expect(screen.queryAllByTestId('template-row')).toHaveLength(0);
  });

  it('delete marks the entry as being deleted, then removes it with "excluído"', async () => {
    const show = toasts();
    const del = deferred();
    mockApi({ ...SHELL_ROUTES, 'GET /api/chats/templates': () => page([template(), template({ id: 2, templateId: 'horario', title: 'Horário' })]), 'DELETE /api/chats/templates/2': del.handler });
    renderApp('/chats/templates');
    const user = userEvent.setup();
    await screen.findByText('Horário');
    await user.click(screen.getByRole('button', { name: 'Excluir Horário' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));

    await waitFor(() => expect(rowOf('Horário')).toHaveAttribute('data-pending', 'deleting'));
    expect(within(rowOf('Horário')!).getByText('Excluindo...')).toBeInTheDocument();

    del.release(json({ message: 'Modelo excluído.' }));
    await waitFor(() => expect(rowOf('Horário')).toBeUndefined());
    expect(screen.getAllByTestId('template-row')).toHaveLength(1);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Modelo de mensagem excluído com sucesso.' }));
  });

  it('delete refused: the entry is restored, with the server’s message', async () => {
    const show = toasts();
    const del = deferred();
    mockApi({ ...SHELL_ROUTES, 'GET /api/chats/templates': () => page([template({ id: 2, templateId: 'horario', title: 'Horário' })]), 'DELETE /api/chats/templates/2': del.handler });
    renderApp('/chats/templates');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Excluir Horário' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(rowOf('Horário')).toHaveAttribute('data-pending', 'deleting'));

    del.release(apiError(403, 'CHAT_TEMPLATE_FORBIDDEN', 'Somente o dono ou um administrador exclui este modelo.'));
    await waitFor(() => expect(rowOf('Horário')).not.toHaveAttribute('data-pending'));
    expect(screen.getByRole('button', { name: 'Excluir Horário' })).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Erro', message: 'Somente o dono ou um administrador exclui este modelo.' }));
  });

  it('edit: the row shows the new title while saving, then "editado"; a refusal puts the old one back', async () => {
    const show = toasts();
    let refuse = false;
    const put = deferred();
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/chats/templates': () => page([template()]),
      'PUT /api/chats/templates/1': (request) => (refuse ? apiError(422, 'VALIDATION', 'Erro ao salvar.') : put.handler(request)),
    });
    renderApp('/chats/templates');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar Boas-vindas' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText(/^Título/);
    await user.clear(title);
    await user.type(title, 'Saudação');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(rowOf('Saudação')).toHaveAttribute('data-pending', 'saving'));
    put.release(json(template({ title: 'Saudação' })));
    await waitFor(() => expect(rowOf('Saudação')).not.toHaveAttribute('data-pending'));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Modelo de mensagem editado com sucesso.' }));

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Editar Saudação' }));
    const again = await screen.findByRole('dialog');
    const field = within(again).getByLabelText(/^Título/);
    await user.clear(field);
    await user.type(field, 'Nome novo');
    await user.click(within(again).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Erro', message: 'Erro ao salvar.' })));
    expect(rowOf('Saudação')).toBeDefined();
    expect(rowOf('Nome novo')).toBeUndefined();
  });

  it('a failed load shows the server’s message (or the fixed one) and retries', async () => {
    let fail = true;
    mockApi({ ...SHELL_ROUTES, 'GET /api/chats/templates': () => (fail ? apiError(500, 'INTERNAL', 'Erro interno.') : page([template()])) });
    renderApp('/chats/templates');
    const error = await screen.findByTestId('templates-load-error', undefined, { timeout: 10_000 });
    expect(error).toHaveTextContent('Erro interno.');
    fail = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Boas-vindas')).toBeInTheDocument();
  });
});
