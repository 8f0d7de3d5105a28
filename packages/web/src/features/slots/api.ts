import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateDayWithoutWorkBody, CreateSlotBody, SlotMode, UpdateSlotBody } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { useSession } from '../../shared/session/session';
import { regionsQuery as storeRegionsQuery } from '../regions/api';
import { notifySuccess } from '../../shared/ui/notify';
import { t } from '../../i18n';

export { storesQuery, type StoreOption } from '../locations/api';

export { SLOT_MODES, type SlotMode } from '@backoffice/contracts';

export type Slot = components['schemas']['Slot'];
export type SlotDates = components['schemas']['SlotDates'];
export type SlotDateWindow = components['schemas']['SlotDateWindow'];
export type DayWithoutWork = components['schemas']['DayWithoutWork'];
export type SlotBody = z.input<typeof CreateSlotBody>;
export type SlotUpdate = z.input<typeof UpdateSlotBody>;
export type DayWithoutWorkBody = z.input<typeof CreateDayWithoutWorkBody>;

/** Where a screen's windows live: a store and mode, optionally one delivery region. */
export interface SlotScope {
  mode: SlotMode;
  locationId: number;
  regionId?: number;
}

/** Keys per account, so another account's windows never show after switching. */
export const slotKeys = {
  all: (accountId: number) => ['account', accountId, 'slots'] as const,
  weekly: (accountId: number, scope: SlotScope) => [...slotKeys.all(accountId), 'weekly', scope] as const,
  dates: (accountId: number, scope: SlotScope, days: number) => [...slotKeys.all(accountId), 'dates', scope, days] as const,
  daysOff: (accountId: number, locationId: number) => [...slotKeys.all(accountId), 'without-work', locationId] as const,
};

const scopeQuery = (scope: SlotScope) => ({ mode: scope.mode, location_id: scope.locationId, ...(scope.regionId ? { region_id: scope.regionId } : {}) });

// Each section shows its own error with a retry, so the global toast stays quiet.
export const weeklyQuery = (accountId: number, scope: SlotScope) =>
  queryOptions({
    queryKey: slotKeys.weekly(accountId, scope),
    queryFn: () => unwrap(api.GET('/logistic/slots/weekly', { params: { query: scopeQuery(scope) } })).then((r) => r.weekdays.flatMap((d) => d.windows)),
    meta: { silent: true },
  });

export const datesQuery = (accountId: number, scope: SlotScope, days: number) =>
  queryOptions({
    queryKey: slotKeys.dates(accountId, scope, days),
    queryFn: () => unwrap(api.GET('/logistic/slots/dates', { params: { query: { ...scopeQuery(scope), days } } })),
    meta: { silent: true },
  });

export const daysOffQuery = (accountId: number, locationId: number) =>
  queryOptions({
    queryKey: slotKeys.daysOff(accountId, locationId),
    queryFn: () => unwrap(api.GET('/logistic/slots/without-work', { params: { query: { location_id: locationId } } })).then((r) => r.data),
    meta: { silent: true },
  });

/** A store's delivery regions: the regions screen's query (one cache entry, one request for both screens). */
export const regionsQuery = (accountId: number, locationId: number) => queryOptions({ ...storeRegionsQuery(accountId, locationId), staleTime: 60_000 });

export const useAccountId = () => useSession()?.account.id ?? 0;

function useInvalidateSlots() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () => queryClient.invalidateQueries({ queryKey: slotKeys.all(accountId) });
}

/** One window; the add modal reports each weekday's refusal itself, so no toast here. */
export function useCreateSlot() {
  const invalidate = useInvalidateSlots();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: SlotBody) => unwrap(api.POST('/logistic/slots', { body })),
    onSettled: invalidate,
  });
}

/** Edits a window (PUT /logistic/slots/:id); the edit modal shows a refusal (409 overlap or capacity, 400) itself. */
export function useUpdateSlot() {
  const invalidate = useInvalidateSlots();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: number; body: SlotUpdate }) => unwrap(api.PUT('/logistic/slots/{id}', { params: { path: { id } }, body })),
    onSuccess: () => {
      notifySuccess(t('slots.edit.saved'));
      return invalidate();
    },
  });
}

export function useDeleteSlot() {
  const invalidate = useInvalidateSlots();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/logistic/slots/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      notifySuccess(t('slots.grid.removed'));
      return invalidate();
    },
  });
}

export function useCreateDayOff() {
  const invalidate = useInvalidateSlots();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: DayWithoutWorkBody) => unwrap(api.POST('/logistic/slots/without-work', { body })),
    onSuccess: () => {
      notifySuccess(t('slots.daysOff.added'));
      return invalidate();
    },
  });
}

export function useDeleteDayOff() {
  const invalidate = useInvalidateSlots();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/logistic/slots/without-work', { params: { query: { id } } })),
    onSuccess: () => {
      notifySuccess(t('slots.daysOff.removed'));
      return invalidate();
    },
  });
}
