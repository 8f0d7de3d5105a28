import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, OptionalText, PageQuery, Timestamp, endNotBeforeStart, paged } from './common.ts';
import { msg } from './messages.ts';

export const FLYER_STATUSES = ['scheduled', 'active', 'pause', 'finished', 'canceled'] as const;
export const FLYER_ACTIONS = ['cancel', 'finish', 'pause', 'reactivate'] as const;
export type FlyerStatus = (typeof FLYER_STATUSES)[number];
export type FlyerAction = (typeof FLYER_ACTIONS)[number];

/** What the media upload accepts, and the largest file of each kind (bytes; `MEDIA_MAX_BYTES` may lower them). */
export const FLYER_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf', 'video/mp4'] as const;
export type FlyerMediaType = (typeof FLYER_MEDIA_TYPES)[number];
export const FLYER_MEDIA_MAX_BYTES = { image: 10 * 1024 * 1024, video: 50 * 1024 * 1024 } as const;

/** Line breaks of any platform (\r\n, \r) become \n; an empty message is no message. */
export const normalizeLineBreaks = (v: string): string => v.replace(/\r\n?/g, '\n');

const FlyerMessage = z
  .string()
  .max(4000)
  .transform((v) => normalizeLineBreaks(v).trim())
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** A path served by this API (`/uploads/…` for new media); never an outside address. */
const MediaUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/, { message: msg('MEDIA_URL_FROM_UPLOAD') });

const FlyerFields = z.strictObject({
  name: z.string().trim().min(2).max(120),
  message: FlyerMessage,
  start_at: Timestamp,
  end_at: Timestamp,
  active: z.boolean().default(true),
  location_ids: z.array(z.number().int().positive()).max(1000).default([]).meta({ description: 'Vazio: todas as lojas.' }),
  media_url: MediaUrl.nullable().optional().meta({
    description: 'Endereço devolvido por POST /api/promotion-flyer/media, ou a arte que um encarte da conta já usa (ex.: ao duplicar).',
  }),
  media_type: z.string().trim().max(100).nullable().optional().meta({ description: 'Ignorado: o tipo vem do próprio arquivo.' }),
  media_name: z.string().trim().max(255).nullable().optional().meta({ description: 'Nome da arte; ignorado sem media_url.' }),
});

function flyerRules(f: z.output<typeof FlyerFields>, ctx: z.RefinementCtx) {
  if (Date.parse(f.end_at) <= Date.parse(f.start_at)) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: msg('FLYER_END_AFTER_START') });
  }
}

export const CreateFlyerBody = FlyerFields.superRefine(flyerRules);
/** PUT replaces the whole flyer: the same body and rules as creation. */
export const UpdateFlyerBody = FlyerFields.superRefine(flyerRules);
export type FlyerInput = z.output<typeof CreateFlyerBody>;

export const FlyerListQuery = PageQuery.extend({
  status: z.enum(FLYER_STATUSES).optional(),
  start_date: z.iso.date().optional().meta({ description: 'Encartes vigentes em algum dia a partir desta data (YYYY-MM-DD).' }),
  end_date: z.iso.date().optional().meta({ description: 'Encartes vigentes em algum dia até esta data (YYYY-MM-DD).' }),
  search: OptionalText.meta({ description: 'Parte do nome.' }),
}).superRefine(endNotBeforeStart);

export const Flyer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    message: z.string().nullable(),
    status: z.enum(FLYER_STATUSES),
    start_at: Timestamp,
    end_at: Timestamp,
    active: z.boolean(),
    disabled_at: Timestamp.nullable(),
    location_ids: z.array(z.number().int()),
    media_url: z.string().nullable(),
    media_type: z.string().nullable(),
    media_name: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Flyer' });

export const FlyerActionParams = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(FLYER_ACTIONS),
});

export const FlyerActionResult = z.object({ message: z.string(), flyer: Flyer }).meta({ id: 'FlyerActionResult' });

/** The multipart form of the media upload: one file in the field `file`. */
export const FlyerMediaUploadBody = z
  .object({ file: z.string().meta({ format: 'binary', description: 'JPEG, PNG, WebP, GIF ou PDF (até 10 MB) ou MP4 (até 50 MB).' }) })
  .meta({ id: 'FlyerMediaUploadBody' });

export const FlyerMedia = z
  .object({
    media_url: z.string(),
    media_type: z.enum(FLYER_MEDIA_TYPES),
    media_name: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'FlyerMedia' });

const promotional = 'promotional';
const writers = ['admin', 'manager'] as const;

export const flyerRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/promotion-flyer',
    operationId: 'listFlyers',
    summary: 'Encartes da conta atual, paginados e filtrados pelo status calculado',
    tags: ['Flyers'],
    permission: { kind: 'account', module: promotional },
    access: { fixture: 'flyer' },
    querystring: FlyerListQuery,
    responses: { 200: paged(Flyer) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/promotion-flyer/:id',
    operationId: 'getFlyer',
    summary: 'Um encarte da conta atual',
    tags: ['Flyers'],
    permission: { kind: 'account', module: promotional },
    access: { fixture: 'flyer' },
    params: IdParam,
    responses: { 200: Flyer },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/promotion-flyer',
    operationId: 'createFlyer',
    summary: 'Cria um encarte',
    tags: ['Flyers'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'newFlyer' },
    body: CreateFlyerBody,
    responses: { 201: Flyer },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/promotion-flyer/:id',
    operationId: 'updateFlyer',
    summary: 'Substitui os dados de um encarte',
    tags: ['Flyers'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'flyerUpdate' },
    params: IdParam,
    body: UpdateFlyerBody,
    responses: { 200: Flyer },
    errors: [404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/promotion-flyer/:id',
    operationId: 'deleteFlyer',
    summary: 'Exclui um encarte',
    tags: ['Flyers'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'flyer' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404],
  }),
  action: defineRoute({
    method: 'POST',
    path: '/api/promotion-flyer/:id/actions/:action',
    operationId: 'runFlyerAction',
    summary: 'Cancela, finaliza, pausa ou reativa um encarte',
    tags: ['Flyers'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'flyerAction' },
    params: FlyerActionParams,
    responses: { 200: FlyerActionResult },
    errors: [404],
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/api/promotion-flyer/media',
    operationId: 'uploadFlyerMedia',
    summary: 'Envia a mídia de um encarte (imagem, PDF ou vídeo) e devolve o endereço para usar em media_url',
    tags: ['Flyers'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'flyerMedia' },
    body: FlyerMediaUploadBody,
    bodyContentType: 'multipart/form-data',
    responses: { 201: FlyerMedia },
    errors: [413],
  }),
} as const;
