import type { AppModule } from '../../lib/module.ts';
import { createSlotsRepo } from './slots.repo.ts';
import { registerSlotRoutes } from './slots.routes.ts';
import { createSlotsService, type SlotsService } from './slots.service.ts';

/**
 * Delivery and pickup windows: the weekly template, the bookable dates, days without work, and
 * `slots.book` / `slots.release` for the modules after it (orders): a window is never overbooked.
 */
export const slotsModule: AppModule = {
  name: 'slots',
  register(app, { db, services, provide }) {
    const slots = createSlotsService({
      repo: createSlotsRepo(db),
      storeScope: (accountId, userId) => services.locations.allowedLocationIds(accountId, userId),
    });
    registerSlotRoutes(app, slots);
    provide({ slots: { book: slots.book, release: slots.release } });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** Books and releases a place in a window on a date; never beyond its capacity. */
    slots: Pick<SlotsService, 'book' | 'release'>;
  }
}
