import type { z } from 'zod';
import type { Flyer, FlyerAction, FlyerInput, FlyerListQuery } from '@backoffice/contracts';
import { ValidationError, found } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { MessageCode } from '../../i18n/messages.ts';
import { actionChange } from '../promotions/promotion-status.ts';
import { businessRange } from '../../lib/business-day.ts';
import { mediaTypeOfKey } from './flyer-media.ts';
import { flyerStatus } from './flyer-status.ts';
import type { FlyerData, FlyerRow, FlyersRepo } from './flyers.repo.ts';
import { pageOf } from '../../lib/paging.ts';

interface Deps {
  repo: FlyersRepo;
  storage: MediaStorage;
  clock?: () => Date;
}

export const FLYER_ACTION_MESSAGES: Record<FlyerAction, MessageCode> = {
  cancel: 'FLYER_CANCELED',
  finish: 'FLYER_FINISHED',
  pause: 'FLYER_PAUSED',
  reactivate: 'FLYER_REACTIVATED',
};

const toFlyer = (f: FlyerRow, now: Date): z.input<typeof Flyer> => ({
  id: f.id,
  name: f.name,
  message: f.message,
  status: flyerStatus(f, now),
  start_at: f.startAt.toISOString(),
  end_at: f.endAt.toISOString(),
  active: f.active,
  disabled_at: f.disabledAt?.toISOString() ?? null,
  location_ids: f.locationIds,
  media_url: f.mediaUrl,
  media_type: f.mediaType,
  media_name: f.mediaName,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

/** Flyers ("encartes") of an account: listing by computed status, CRUD and the state actions of spec §4. */
export function createFlyersService(deps: Deps) {
  const now = deps.clock ?? (() => new Date());
  const { repo, storage } = deps;

  /**
   * The media columns of a write. The address must be a file this API stored for the account, or
   * art one of the account's flyers already shows (seeded brand art, kept on edit or duplicated).
   * The type always comes from the file or that flyer, never from the client.
   */
  async function mediaOf(accountId: number, input: FlyerInput, current?: FlyerRow) {
    const url = input.media_url ?? null;
    if (!url) return { mediaUrl: null, mediaType: null, mediaName: null };
    const key = await storage.keyOf(accountId, url);
    if (key) return { mediaUrl: url, mediaType: mediaTypeOfKey(key), mediaName: input.media_name ?? key.split('/').pop()! };
    const known = current?.mediaUrl === url ? current : await repo.findMedia(accountId, url);
    if (!known) {
      throw new ValidationError('MEDIA_URL_NOT_ISSUED', {}, [
        { field: 'media_url', code: 'custom', message: 'Use o endereço devolvido pelo envio de mídia (/uploads/…).' },
      ]);
    }
    return { mediaUrl: url, mediaType: known.mediaType, mediaName: input.media_name ?? known.mediaName };
  }

  async function toData(accountId: number, input: FlyerInput, at: Date, current?: FlyerRow): Promise<FlyerData> {
    return {
      name: input.name,
      message: input.message ?? null,
      startAt: new Date(input.start_at),
      endAt: new Date(input.end_at),
      active: input.active,
      // An edit that keeps the flyer inactive keeps the moment it was disabled.
      disabledAt: input.active ? null : (current?.disabledAt ?? at),
      locationIds: [...new Set(input.location_ids)],
      ...(await mediaOf(accountId, input, current)),
    };
  }

  return {
    async list(accountId: number, q: z.output<typeof FlyerListQuery>) {
      const at = now();
      const { rows, total } = await repo.list(
        accountId,
        {
          status: q.status,
          ...businessRange(q),
          search: q.search,
        },
        at,
        q.page,
        q.quantity,
      );
      return pageOf(rows.map((r) => toFlyer(r, at)), q, total);
    },

    async get(accountId: number, id: number) {
      return toFlyer(found(await repo.find(accountId, id), 'FLYER_NOT_FOUND'), now());
    },

    async create(accountId: number, input: FlyerInput) {
      const at = now();
      const row = await repo.create(accountId, await toData(accountId, input, at));
      return toFlyer(row, at);
    },

    async update(accountId: number, id: number, input: FlyerInput) {
      const at = now();
      const current = found(await repo.find(accountId, id), 'FLYER_NOT_FOUND');
      const row = await repo.update(accountId, id, await toData(accountId, input, at, current));
      return toFlyer(found(row, 'FLYER_NOT_FOUND'), at);
    },

    async remove(accountId: number, id: number) {
      if (!(await repo.remove(accountId, id))) found(null, 'FLYER_NOT_FOUND');
    },

    /** Runs one state action; returns the flyer as it now is. */
    async act(accountId: number, id: number, action: FlyerAction) {
      const at = now();
      const current = found(await repo.find(accountId, id), 'FLYER_NOT_FOUND');
      const row = found(await repo.update(accountId, id, actionChange(action, current.startAt, at)), 'FLYER_NOT_FOUND');
      return toFlyer(row, at);
    },
  };
}
export type FlyersService = ReturnType<typeof createFlyersService>;
