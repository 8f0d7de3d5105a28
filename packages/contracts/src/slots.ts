import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Timestamp } from './common.ts';
import { msg } from './messages.ts';

/**
 * Delivery and pickup windows ("janelas") of a store: a weekly template (weekday, start, end,
 * capacity in orders, cutoff and prior notice in minutes), the concrete windows of the next days
 * with what is booked, and the days without work (holidays, closures) that remove every window of
 * their date. All times are São Paulo's (America/Sao_Paulo).
 */
export const SLOT_MODES = ['delivery', 'pickup'] as const;
export type SlotMode = (typeof SLOT_MODES)[number];
export const SLOT_TIMEZONE = 'America/Sao_Paulo';
/** Why a window of the dates list cannot be booked now. */
export const SLOT_UNBOOKABLE_REASONS = ['cutoff', 'prior_notice', 'full'] as const;
export type SlotUnbookableReason = (typeof SLOT_UNBOOKABLE_REASONS)[number];
export const SLOT_DATES_DEFAULT_DAYS = 14;
export const SLOT_DATES_MAX_DAYS = 60;

const SlotModeField = z.enum(SLOT_MODES).meta({ description: 'delivery (entrega) ou pickup (retirada).' });
const Id = z.coerce.number().int().positive();
const IdValue = z.number().int().positive();
/** A calendar date, YYYY-MM-DD. */
export const SlotDate = z.iso.date();

/** "HH:MM" of the São Paulo day, 00:00–23:59; "24:00" only as an end (the window ends at midnight). */
export const SlotTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: msg('SLOT_TIME_FORMAT') });
const SlotEndTime = z.string().regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: msg('SLOT_TIME_FORMAT') });

/** Minutes since midnight of an "HH:MM" text. */
export const minutesOfTime = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** "HH:MM" of minutes since midnight (1440 is "24:00"). */
export const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A window's start and end, shared by creation and change. */
const windowTimes = {
  start: SlotTime.meta({ description: 'Início, HH:MM (horário de São Paulo).' }),
  end: SlotEndTime.meta({ description: 'Fim, HH:MM, depois do início e no mesmo dia ("24:00": até a meia-noite).' }),
};

/** The end comes after the start (reported at `end`), once both are well formed. */
function endAfterStart(b: { start: string; end: string }, ctx: z.RefinementCtx): void {
  if (SlotTime.safeParse(b.start).success && SlotEndTime.safeParse(b.end).success && minutesOfTime(b.end) <= minutesOfTime(b.start)) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: msg('SLOT_END_AFTER_START') });
  }
}

export const CreateSlotBody = z
  .strictObject({
    location_id: IdValue.meta({ description: 'A loja da janela.' }),
    region_id: IdValue.nullable().optional().meta({ description: 'Uma região de entrega da própria loja; vazio: a loja toda.' }),
    mode: SlotModeField,
    weekday: z.number().int().min(0).max(6).meta({ description: '0 domingo … 6 sábado.' }),
    ...windowTimes,
    capacity: z.number().int().min(1).max(10_000).meta({ description: 'Pedidos por janela.' }),
    cutoff_minutes: z.number().int().min(0).max(10_080).default(0).meta({
      description: 'Minutos antes do início a partir dos quais a janela não aceita mais reservas.',
    }),
    prior_notice_minutes: z.number().int().min(0).max(43_200).default(0).meta({
      description: 'Antecedência mínima entre a reserva e o início, em minutos.',
    }),
  })
  .superRefine(endAfterStart);
export type CreateSlotInput = z.output<typeof CreateSlotBody>;

/**
 * PUT replaces what can change in a window: its times, capacity, cutoff, prior notice and whether it
 * takes bookings. Its store, region, mode and weekday stay (remove it and add another to move it).
 */
export const UpdateSlotBody = z
  .strictObject({
    ...windowTimes,
    capacity: z.number().int().min(1).max(10_000).meta({
      description: 'Pedidos por janela; recusada (409) abaixo do que já está reservado em alguma data de hoje em diante.',
    }),
    cutoff_minutes: z.number().int().min(0).max(10_080).meta({
      description: 'Minutos antes do início a partir dos quais a janela não aceita mais reservas.',
    }),
    prior_notice_minutes: z.number().int().min(0).max(43_200).meta({ description: 'Antecedência mínima entre a reserva e o início, em minutos.' }),
    active: z.boolean().meta({ description: 'false: a janela continua na grade, mas não aparece nas datas nem aceita reservas.' }),
  })
  .superRefine(endAfterStart);
export type UpdateSlotInput = z.output<typeof UpdateSlotBody>;

export const Slot = z
  .object({
    id: z.number().int(),
    location_id: z.number().int(),
    region_id: z.number().int().nullable(),
    mode: z.enum(SLOT_MODES),
    weekday: z.number().int(),
    start: z.string(),
    end: z.string(),
    capacity: z.number().int(),
    cutoff_minutes: z.number().int(),
    prior_notice_minutes: z.number().int(),
    active: z.boolean(),
    created_at: Timestamp,
  })
  .meta({ id: 'Slot' });

const regionQuery = Id.optional().meta({
  description: 'Uma região da loja: as janelas dela e as da loja toda (as que um cliente da região pode reservar). Sem ela: todas as janelas da loja.',
});

export const SlotWeeklyQuery = z.object({
  mode: SlotModeField.optional().meta({ description: 'Sem ela: entrega e retirada.' }),
  location_id: Id,
  region_id: regionQuery,
});

export const SlotWeekly = z
  .object({
    location_id: z.number().int(),
    region_id: z.number().int().nullable(),
    mode: z.enum(SLOT_MODES).nullable(),
    timezone: z.string(),
    weekdays: z.array(z.object({ weekday: z.number().int(), windows: z.array(Slot) })).meta({ description: 'Os 7 dias, de domingo (0) a sábado (6).' }),
  })
  .meta({ id: 'SlotWeekly' });

export const SlotDatesQuery = SlotWeeklyQuery.extend({
  days: z.coerce.number().int().min(1).max(SLOT_DATES_MAX_DAYS).default(SLOT_DATES_DEFAULT_DAYS).meta({
    description: `Quantos dias a partir de hoje (São Paulo): ${SLOT_DATES_DEFAULT_DAYS} se omitido, no máximo ${SLOT_DATES_MAX_DAYS}.`,
  }),
});

export const DayWithoutWork = z
  .object({
    id: z.number().int(),
    location_id: z.number().int().nullable().meta({ description: 'Vazio: todas as lojas da conta.' }),
    date: SlotDate,
    mode: z.enum(SLOT_MODES).nullable().meta({ description: 'Vazio: entrega e retirada.' }),
    reason: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'DayWithoutWork' });

export const SlotDateWindow = z
  .object({
    slot_id: z.number().int(),
    date: SlotDate,
    weekday: z.number().int(),
    mode: z.enum(SLOT_MODES),
    region_id: z.number().int().nullable(),
    start: Timestamp.meta({ description: 'Início, com o deslocamento de São Paulo (ex.: 2026-12-01T08:00:00-03:00).' }),
    end: Timestamp,
    capacity: z.number().int(),
    booked: z.number().int(),
    remaining: z.number().int(),
    bookable: z.boolean(),
    reason: z.enum(SLOT_UNBOOKABLE_REASONS).nullable().meta({
      description: 'Por que não aceita reservas agora: cutoff (prazo encerrado), prior_notice (antecedência mínima), full (lotada).',
    }),
  })
  .meta({ id: 'SlotDateWindow' });

export const SlotDates = z
  .object({
    location_id: z.number().int(),
    region_id: z.number().int().nullable(),
    mode: z.enum(SLOT_MODES).nullable(),
    timezone: z.string(),
    from: SlotDate,
    to: SlotDate,
    windows: z.array(SlotDateWindow).meta({ description: 'Por início; os dias sem expediente não têm janelas.' }),
    days_without_work: z.array(DayWithoutWork).meta({ description: 'Os dias sem expediente do período que valem para esta loja.' }),
  })
  .meta({ id: 'SlotDates' });

export const DaysWithoutWorkQuery = z
  .object({
    location_id: Id.optional().meta({ description: 'Os dias desta loja e os de todas as lojas. Sem ela: todos os da conta.' }),
    from: SlotDate.optional().meta({ description: 'A partir desta data (YYYY-MM-DD); sem ela, de hoje.' }),
    to: SlotDate.optional().meta({ description: 'Até esta data (YYYY-MM-DD).' }),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('END_DATE_BEFORE_START') });
  });

export const DaysWithoutWorkList = z.object({ data: z.array(DayWithoutWork) }).meta({ id: 'DaysWithoutWorkList' });

export const CreateDayWithoutWorkBody = z.strictObject({
  location_id: IdValue.nullable().meta({ description: 'A loja; null: todas as lojas da conta.' }),
  date: SlotDate.meta({ description: 'YYYY-MM-DD, hoje ou depois.' }),
  mode: z.enum(SLOT_MODES).nullable().default(null).meta({ description: 'delivery ou pickup; null: as duas.' }),
  reason: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .meta({ description: 'Ex.: Natal, inventário.' }),
});
export type CreateDayWithoutWorkInput = z.output<typeof CreateDayWithoutWorkBody>;

export const DeleteDayWithoutWorkQuery = z.object({ id: Id.meta({ description: 'O dia sem expediente a remover.' }) });

const readers = { kind: 'account', module: 'logistic.slots' } as const;
const writers = { ...readers, roles: ['admin', 'manager'] } as const;
const tags = ['Slots'];

export const slotRoutes = {
  weekly: defineRoute({
    method: 'GET',
    path: '/logistic/slots/weekly/',
    operationId: 'getSlotWeekly',
    summary: 'A grade semanal de janelas de uma loja (opcionalmente de uma região)',
    tags,
    permission: readers,
    access: { fixture: 'slotLocation', others: 404 },
    querystring: SlotWeeklyQuery,
    responses: { 200: SlotWeekly },
    errors: [404],
  }),
  dates: defineRoute({
    method: 'GET',
    path: '/logistic/slots/dates/',
    operationId: 'getSlotDates',
    summary: 'As janelas reserváveis dos próximos dias de uma loja, com capacidade, reservas e vagas',
    tags,
    permission: readers,
    access: { fixture: 'slotLocation', others: 404 },
    querystring: SlotDatesQuery,
    responses: { 200: SlotDates },
    errors: [404],
  }),
  daysWithoutWork: defineRoute({
    method: 'GET',
    path: '/logistic/slots/without-work/',
    operationId: 'listDaysWithoutWork',
    summary: 'Os dias sem expediente (feriados, fechamentos) da conta ou de uma loja',
    tags,
    permission: readers,
    access: { fixture: 'dayWithoutWorkList', others: 404 },
    querystring: DaysWithoutWorkQuery,
    responses: { 200: DaysWithoutWorkList },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/logistic/slots',
    operationId: 'createSlot',
    summary: 'Cria uma janela na grade semanal de uma loja',
    tags,
    permission: writers,
    access: { fixture: 'newSlot', others: 404 },
    body: CreateSlotBody,
    responses: { 201: Slot },
    errors: [404, 409],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/logistic/slots/:id',
    operationId: 'updateSlot',
    summary: 'Altera uma janela: horário, capacidade, prazo, antecedência e se está ativa',
    tags,
    permission: writers,
    access: { fixture: 'slotUpdate' },
    params: IdParam,
    body: UpdateSlotBody,
    responses: { 200: Slot },
    errors: [404, 409],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/logistic/slots/:id',
    operationId: 'deleteSlot',
    summary: 'Exclui uma janela (recusado enquanto ela tiver reservas futuras)',
    tags,
    permission: writers,
    access: { fixture: 'slot' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404, 409],
  }),
  createDayWithoutWork: defineRoute({
    method: 'POST',
    path: '/logistic/slots/without-work',
    operationId: 'createDayWithoutWork',
    summary: 'Marca um dia sem expediente de uma loja ou de todas',
    tags,
    permission: writers,
    access: { fixture: 'newDayWithoutWork', others: 404 },
    body: CreateDayWithoutWorkBody,
    responses: { 201: DayWithoutWork },
    errors: [404, 409],
  }),
  deleteDayWithoutWork: defineRoute({
    method: 'DELETE',
    path: '/logistic/slots/without-work',
    operationId: 'deleteDayWithoutWork',
    summary: 'Remove um dia sem expediente (pelo id, na query: ?id=)',
    tags,
    permission: writers,
    access: { fixture: 'dayWithoutWork', others: 404 },
    querystring: DeleteDayWithoutWorkQuery,
    responses: { 200: Message },
    errors: [404],
  }),
} as const;
