import { notFound } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { IdParam } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { regionsQuery, SLOT_MODES, storesQuery, type SlotMode, type SlotScope } from './api';

/** The mode segment of the URL: anything but delivery or pickup is the route's not-found state. */
export function parseMode(raw: string): SlotMode {
  const mode = SLOT_MODES.find((m) => m === raw);
  if (!mode) throw notFound();
  return mode;
}

/** An id segment: anything but a positive integer is the route's not-found state. */
function parseId(raw: string): number {
  const parsed = IdParam.safeParse({ id: raw });
  if (!parsed.success) throw notFound();
  return parsed.data.id;
}

/**
 * The screen's store (and region) from the URL, checked against the account's stores and the
 * store's regions: another account's store or region is not found, like an id that never existed.
 * Regions belong to deliveries only.
 */
export async function loadSlotsScope(queryClient: QueryClient, accountId: number, params: { mode: string; locationId: string; regionId?: string }): Promise<SlotScope> {
  const mode = parseMode(params.mode);
  const locationId = parseId(params.locationId);
  const regionId = params.regionId === undefined ? undefined : parseId(params.regionId);
  if (regionId !== undefined && mode !== 'delivery') throw notFound();
  const stores = await queryClient.ensureQueryData(storesQuery(accountId));
  if (!stores.some((s) => s.id === locationId)) throw notFound();
  if (regionId !== undefined) {
    try {
      const regions = await queryClient.ensureQueryData(regionsQuery(accountId, locationId));
      if (!regions.some((r) => r.id === regionId)) throw notFound();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  }
  return { mode, locationId, ...(regionId !== undefined ? { regionId } : {}) };
}
