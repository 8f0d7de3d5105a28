import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_INFO, SESSION, SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { clearSession, getSession } from '../../shared/session/session';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, disconnect: () => undefined }) }));

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const CODE = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const bodyOf = async (fetchMock: ReturnType<typeof mockApi>, path: string) => {
  const request = fetchMock.mock.calls.map(([r]) => r).find((r) => r.url.endsWith(path));
  return request ? ((await request.clone().json()) as Record<string, unknown>) : undefined;
};

describe('/forgot-password', () => {
  it('shows the API generic message and a way back to /login', async () => {
    const message = 'Se o e-mail estiver cadastrado, enviaremos as instruções para redefinir a senha.';
    const fetchMock = mockApi({ ...SHELL_ROUTES, 'POST /password-recovery': () => json({ message }, 202) });
    renderApp('/forgot-password');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Enviar link' }));
    expect(screen.getByText('Campo obrigatório.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/E-mail/), 'ana@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/login');
    expect(await bodyOf(fetchMock, '/password-recovery')).toEqual({ email: 'ana@exemplo.com' });
  });
});

describe('/reset-password', () => {
  it('without a code explains and links to /forgot-password', async () => {
    mockApi(SHELL_ROUTES);
    renderApp('/reset-password');
    expect(await screen.findByText(/link de redefinição está incompleto/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('checks the password rules and the confirmation before asking the API', async () => {
    const fetchMock = mockApi(SHELL_ROUTES);
    renderApp(`/reset-password?code=${CODE}`);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Nova senha/), 'curta');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'outra');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByText('Deve ter ao menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('As senhas não conferem.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Nova senha/));
    await user.type(screen.getByLabelText(/^Nova senha/), 'somenteletras');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByText('A senha deve ter ao menos 8 caracteres, com letras e números.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([r]) => r.url.endsWith('/update-password'))).toBe(false);
  });

  it('sends the code with the new password, then goes to /login', async () => {
    const fetchMock = mockApi({ ...SHELL_ROUTES, 'POST /update-password': () => json({ message: 'Senha alterada com sucesso.' }) });
    const { router } = renderApp(`/reset-password?code=${CODE}`);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Nova senha/), 'NovaSenha2026');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'NovaSenha2026');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await bodyOf(fetchMock, '/update-password')).toEqual({ code: CODE, password: 'NovaSenha2026' });
  });

  it('a rejected code (422) shows the server message and a link to ask for a new one', async () => {
    mockApi({ ...SHELL_ROUTES, 'POST /update-password': () => apiError(422, 'RESET_CODE_INVALID', 'Código de redefinição inválido ou expirado.') });
    renderApp(`/reset-password?code=${CODE}`);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Nova senha/), 'NovaSenha2026');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'NovaSenha2026');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

    expect(await screen.findByText('Código de redefinição inválido ou expirado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('/confirm-invite', () => {
  const invite = (userExists: boolean) => ({
    email: 'pedro.santos@varejo.test',
    name: 'Pedro Henrique Santos',
    account_name: 'Supermercado Bom Preço',
    user_exists: userExists,
    expires_at: '2026-12-31T12:00:00.000Z',
  });

  it('an invalid or expired code shows the server message', async () => {
    mockApi({ ...SHELL_ROUTES, [`GET /api/user/validate-invite/${CODE}`]: () => apiError(404, 'INVITE_NOT_FOUND', 'Convite inválido ou expirado.') });
    renderApp(`/confirm-invite?code=${CODE}`);
    expect(await screen.findByText('Convite inválido ou expirado.')).toBeInTheDocument();
    expect(screen.getByText('Convite indisponível')).toBeInTheDocument();
  });

  it('a new user confirms name (prefilled) and password; the session answered is stored and / opens', async () => {
    const fetchMock = mockApi({
      ...SHELL_ROUTES,
      [`GET /api/user/validate-invite/${CODE}`]: () => json(invite(false)),
      'POST /api/user/active-invite': () => json(SESSION),
    });
    const { router } = renderApp(`/confirm-invite?code=${CODE}`);
    const user = userEvent.setup();

    expect(await screen.findByText('Você foi convidado para acessar a conta Supermercado Bom Preço.')).toBeInTheDocument();
    expect(screen.getByDisplayValue('pedro.santos@varejo.test')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Seu nome/)).toHaveValue('Pedro Henrique Santos');
    await user.type(screen.getByLabelText(/^Crie uma senha/), 'Pedro2026senha');
    await user.type(screen.getByLabelText(/^Confirme a senha/), 'Pedro2026senha');
    await user.click(screen.getByRole('button', { name: 'Aceitar convite e entrar' }));

    await waitFor(() => expect(router.state.location.href).toBe('/'));
    expect(getSession()).toEqual(SESSION);
    expect(await bodyOf(fetchMock, '/api/user/active-invite')).toEqual({ code: CODE, name: 'Pedro Henrique Santos', password: 'Pedro2026senha' });
  });

  it('an existing user is asked only for the current password', async () => {
    const fetchMock = mockApi({
      ...SHELL_ROUTES,
      [`GET /api/user/validate-invite/${CODE}`]: () => json(invite(true)),
      'POST /api/user/active-invite': () => apiError(422, 'WRONG_PASSWORD', 'Senha incorreta.'),
    });
    renderApp(`/confirm-invite?code=${CODE}`);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Sua senha/), 'Senha#Forte2026');
    expect(screen.queryByLabelText(/^Seu nome/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Confirme a senha/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceitar convite e entrar' }));

    expect(await screen.findByText('Senha incorreta.')).toBeInTheDocument();
    expect(getSession()).toBeNull();
    expect(await bodyOf(fetchMock, '/api/user/active-invite')).toEqual({ code: CODE, password: 'Senha#Forte2026' });
  });
});

describe('/integration', () => {
  const TOKEN = 'erp.handed.token';
  const profile = { ...SESSION.user, phone: null };

  it('builds the session from the profile and the first account with the token it was given, then follows the callback', async () => {
    const fetchMock = mockApi({
      ...SHELL_ROUTES,
      'GET /api/user/profile': () => json(profile),
      'GET /api/account/account-info': () => json([...ACCOUNT_INFO, { ...ACCOUNT_INFO[0]!, id: 9, name: 'Outra conta', current: false }]),
    });
    const { router } = renderApp(`/integration?token=${TOKEN}&callback_url=%2Fusers%2Flist%3Fpage%3D2`);

    await waitFor(() => expect(router.state.location.href).toBe('/users/list?page=2'));
    expect(getSession()).toEqual({ ...SESSION, token: TOKEN });
    const handover = fetchMock.mock.calls.map(([r]) => r).filter((r) => r.url.endsWith('/api/user/profile') || r.url.endsWith('/api/account/account-info'));
    expect(handover.length).toBeGreaterThanOrEqual(2);
    expect(handover.every((r) => r.headers.get('authorization') === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('an unsafe callback goes to / instead', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/user/profile': () => json(profile) });
    const { router } = renderApp(`/integration?token=${TOKEN}&callback_url=https%3A%2F%2Fevil.example`);
    await waitFor(() => expect(router.state.location.href).toBe('/'));
  });

  it('an invalid token shows the error card with a link to /login, and no session', async () => {
    const unauthenticated = () => apiError(401, 'UNAUTHENTICATED', 'Sessão expirada ou inválida. Entre novamente.');
    mockApi({ ...SHELL_ROUTES, 'GET /api/user/profile': unauthenticated, 'GET /api/account/account-info': unauthenticated });
    renderApp(`/integration?token=${TOKEN}`);

    expect(await screen.findByText('Não foi possível entrar')).toBeInTheDocument();
    expect(screen.getByText(/inválido ou expirou/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login');
    expect(getSession()).toBeNull();
  });

  it('no token: the same error card', async () => {
    mockApi(SHELL_ROUTES);
    renderApp('/integration');
    expect(await screen.findByText('Não foi possível entrar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toBeInTheDocument();
  });
});
