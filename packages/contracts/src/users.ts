import { z } from 'zod';
import { defineRoute, ROLES } from './route.ts';
import { Email, IdParam, Message, OptionalText, PageQuery, Password, Timestamp, paged } from './common.ts';
import { Session } from './auth.ts';
import { msg } from './messages.ts';

export const MemberStatus = z.enum(['invited', 'active']);

export const AccountUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: MemberStatus,
    created_at: Timestamp,
    last_login_at: Timestamp.nullable(),
  })
  .meta({ id: 'AccountUser' });

export const AccountUserDetail = AccountUser.extend({
  all_modules: z.boolean(),
  access_module_ids: z.array(z.number().int()),
}).meta({ id: 'AccountUserDetail' });

export const UserListQuery = PageQuery.extend({
  name: OptionalText,
  email: OptionalText,
  role: z.enum(ROLES).optional(),
});

export const InviteBody = z
  .strictObject({
    email: Email,
    name: z.string().trim().min(2).max(120),
    role: z.enum(ROLES),
    access_module_ids: z
      .array(z.number().int().positive())
      .max(200)
      .optional()
      .meta({ description: 'Módulos a que o convidado terá acesso; ausente: todos. Um administrador sempre acessa todos.' }),
  })
  .superRefine((b, ctx) => {
    // An admin opens every module: a list would be dropped, not stored.
    if (b.role === 'admin' && b.access_module_ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['access_module_ids'], message: msg('ADMIN_NO_MODULES') });
    }
  });

export const ChangeRoleBody = z.strictObject({ user_id: z.number().int().positive(), role: z.enum(ROLES) });

export const InviteInfo = z
  .object({
    email: z.string(),
    name: z.string(),
    account_name: z.string(),
    user_exists: z.boolean(),
    expires_at: Timestamp,
  })
  .meta({ id: 'InviteInfo' });

export const ActivateInviteBody = z.strictObject({
  code: z.string().min(16).max(128),
  name: z.string().trim().min(2).max(120).optional(),
  password: Password,
});

export const Profile = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    language: z.enum(['pt-BR', 'en']),
    is_platform_operator: z.boolean(),
  })
  .meta({ id: 'Profile' });

export const UpdateProfileBody = z.strictObject({
  name: z.string().trim().min(2).max(120),
  phone: z.string().trim().regex(/^[0-9()+\- ]{8,20}$/).nullable().optional(),
  language: z.enum(['pt-BR', 'en']).optional(),
});

const usersModule = 'users';

export const userRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/user/',
    operationId: 'listUsers',
    summary: 'Usuários da conta atual, paginados',
    tags: ['Users'],
    permission: { kind: 'account', module: usersModule },
    access: { fixture: 'user' },
    querystring: UserListQuery,
    responses: { 200: paged(AccountUser) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/user/:id',
    operationId: 'getUser',
    summary: 'Um usuário da conta atual',
    tags: ['Users'],
    permission: { kind: 'account', module: usersModule },
    access: { fixture: 'user' },
    params: IdParam,
    responses: { 200: AccountUserDetail },
    errors: [404],
  }),
  invite: defineRoute({
    method: 'POST',
    path: '/api/user/invite',
    operationId: 'inviteUser',
    summary: 'Convida um usuário para a conta atual',
    tags: ['Users'],
    permission: { kind: 'account', module: usersModule, roles: ['admin'] },
    access: { fixture: 'newInvite' },
    body: InviteBody,
    responses: { 201: AccountUser },
    errors: [409, 422],
  }),
  resendInvite: defineRoute({
    method: 'POST',
    path: '/api/user/:id/resend-invite',
    operationId: 'resendInvite',
    summary: 'Reenvia o convite de um usuário pendente',
    tags: ['Users'],
    permission: { kind: 'account', module: usersModule, roles: ['admin'] },
    access: { fixture: 'user' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404, 422],
  }),
  changeRole: defineRoute({
    method: 'PUT',
    path: '/api/user/change-role',
    operationId: 'changeUserRole',
    summary: 'Altera o perfil de um usuário da conta atual',
    tags: ['Users'],
    permission: { kind: 'account', module: usersModule, roles: ['admin'] },
    access: { fixture: 'userRole', others: 404 },
    body: ChangeRoleBody,
    responses: { 200: AccountUser },
    errors: [404, 422],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/user/:id/remove-from-account',
    operationId: 'removeUserFromAccount',
    summary: 'Remove um usuário da conta atual',
    tags: ['Users'],
    permission: { kind: 'account', module: usersModule, roles: ['admin'] },
    access: { fixture: 'user' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404, 422],
  }),
  validateInvite: defineRoute({
    method: 'GET',
    path: '/api/user/validate-invite/:code',
    operationId: 'validateInvite',
    summary: 'Confere um código de convite',
    tags: ['Users'],
    permission: { kind: 'public' },
    access: { fixture: 'inviteCode' },
    params: z.object({ code: z.string().min(16).max(128) }),
    responses: { 200: InviteInfo },
    errors: [404],
  }),
  activateInvite: defineRoute({
    method: 'POST',
    path: '/api/user/active-invite',
    operationId: 'activateInvite',
    summary: 'Aceita um convite e entra na conta',
    tags: ['Users'],
    permission: { kind: 'public' },
    access: { fixture: 'inviteActivation' },
    body: ActivateInviteBody,
    responses: { 200: Session },
    errors: [404, 422, 429],
  }),
  getProfile: defineRoute({
    method: 'GET',
    path: '/api/user/profile',
    operationId: 'getProfile',
    summary: 'Perfil do usuário logado',
    tags: ['Users'],
    permission: { kind: 'user' },
    access: {},
    responses: { 200: Profile },
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/user/profile',
    operationId: 'updateProfile',
    summary: 'Atualiza o perfil do usuário logado',
    tags: ['Users'],
    permission: { kind: 'user' },
    access: { fixture: 'profile' },
    body: UpdateProfileBody,
    responses: { 200: Profile },
  }),
} as const;
