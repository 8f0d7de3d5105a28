import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Email, Message, Password } from './common.ts';
import { AccountSummary } from './account.ts';

export const SessionUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    language: z.string(),
    is_platform_operator: z.boolean(),
  })
  .meta({ id: 'SessionUser' });

export const Session = z
  .object({ token: z.string(), user: SessionUser, account: AccountSummary })
  .meta({ id: 'Session' });

export const AuthenticateBody = z.strictObject({ email: Email, password: z.string().min(1).max(128) });
export const PasswordRecoveryBody = z.strictObject({ email: Email });
export const UpdatePasswordBody = z.strictObject({ code: z.string().min(16).max(128), password: Password });
export const ChangePasswordBody = z.strictObject({
  current_password: z.string().min(1).max(128),
  new_password: Password,
});

export const authRoutes = {
  authenticate: defineRoute({
    method: 'POST',
    path: '/authenticate',
    operationId: 'authenticate',
    summary: 'Entrar com e-mail e senha',
    tags: ['Auth'],
    permission: { kind: 'public' },
    access: { fixture: 'credentials' },
    body: AuthenticateBody,
    responses: { 200: Session },
    errors: [401, 403, 429],
  }),
  passwordRecovery: defineRoute({
    method: 'POST',
    path: '/password-recovery',
    operationId: 'requestPasswordRecovery',
    summary: 'Envia por e-mail um código de redefinição de senha',
    tags: ['Auth'],
    permission: { kind: 'public' },
    access: { fixture: 'recoveryRequest' },
    body: PasswordRecoveryBody,
    responses: { 202: Message },
    errors: [429],
  }),
  updatePassword: defineRoute({
    method: 'POST',
    path: '/update-password',
    operationId: 'updatePassword',
    summary: 'Define uma nova senha com o código recebido por e-mail',
    tags: ['Auth'],
    permission: { kind: 'public' },
    access: { fixture: 'passwordReset' },
    body: UpdatePasswordBody,
    responses: { 200: Message },
    errors: [422],
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/user/change-password',
    operationId: 'changePassword',
    summary: 'Troca a senha do usuário logado',
    tags: ['Auth'],
    permission: { kind: 'user' },
    access: { fixture: 'passwordChange' },
    body: ChangePasswordBody,
    responses: { 200: Message },
    errors: [422],
  }),
} as const;
