import type { AppModule } from '../../lib/module.ts';
import { guardedCollection, type DeviceCollection } from './device-collection.ts';
import { createFirestoreDeviceCollection } from './device-collection.firestore.ts';
import { createPostgresDeviceCollection } from './device-collection.postgres.ts';
import { createTvDevicesRepo } from './tv-devices.repo.ts';
import { registerTvDeviceRoutes } from './tv-devices.routes.ts';
import { createTvDevicesService } from './tv-devices.service.ts';

/**
 * TV devices (issue 24): the device collection (PostgreSQL by default, Cloud Firestore when Firebase
 * is configured: config.tvDevices) behind one interface, and the routes of the TV and the back-office.
 */
export const tvDevicesModule: AppModule = {
  name: 'tv-devices',
  async register(app, { config, db, log }) {
    const store: DeviceCollection =
      config.tvDevices.store === 'firestore' ? await createFirestoreDeviceCollection(config.tvDevices.firestore) : createPostgresDeviceCollection(db);
    const devices = guardedCollection(store, log);
    app.addHook('onClose', () => devices.close!());
    registerTvDeviceRoutes(app, createTvDevicesService({ devices, repo: createTvDevicesRepo(db) }));
  },
};
