import type { AppModule } from '../../lib/module.ts';
import { createDecisionService, type DecisionService } from '../ad-serving/decision.service.ts';
import { createEventSigner } from '../ad-serving/event-signing.ts';
import { guardedCollection, type DeviceCollection } from './device-collection.ts';
import { createFirestoreDeviceCollection } from './device-collection.firestore.ts';
import { createPostgresDeviceCollection } from './device-collection.postgres.ts';
import { createPlaylistSource } from './tv-devices.playlist.ts';
import { createTvDevicesRepo } from './tv-devices.repo.ts';
import { registerTvDeviceRoutes } from './tv-devices.routes.ts';
import { createTvDevicesService } from './tv-devices.service.ts';
import { createSignageHub } from './tv-devices.signage.ts';
import { registerTvSocket } from './tv-devices.socket.ts';

/**
 * TV devices (issue 24): the device collection (PostgreSQL by default, Cloud Firestore when Firebase
 * is configured: config.tvDevices) behind one interface, the routes of the TV and the back-office,
 * the player's playlist (the ad API's digital signage decision) and its websocket, told of changes
 * on every instance (Redis pub-sub, in-process without REDIS_URL).
 */
export const tvDevicesModule: AppModule = {
  name: 'tv-devices',
  async register(app, { config, db, redis, log, services }) {
    const store: DeviceCollection =
      config.tvDevices.store === 'firestore' ? await createFirestoreDeviceCollection(config.tvDevices.firestore) : createPostgresDeviceCollection(db);
    const devices = guardedCollection(store, log);
    const repo = createTvDevicesRepo(db);

    // The ad index and the publisher gate belong to ad-serving, registered after this module: read when first needed.
    let decisions: DecisionService | undefined;
    const decide: DecisionService['decide'] = (publisherId, req) =>
      (decisions ??= createDecisionService({ index: services.adIndex, signer: createEventSigner(config.jwtSecret), appUrl: config.appUrl })).decide(publisherId, req);
    const playlist = createPlaylistSource({ decide, serves: async (publisherId) => (await app.publisherGate.find(publisherId)) !== null });

    const hub = createSignageHub({
      redis,
      prefix: config.redisPrefix,
      log,
      deviceNow: (id) => tv.deviceNow(id),
      indexSettled: () => services.adIndex.settled(),
    });
    const tv = createTvDevicesService({ devices, repo, playlist, deviceChanged: (deviceId) => void hub.publish({ kind: 'device', deviceId }) });
    registerTvDeviceRoutes(app, tv);
    await registerTvSocket(app, tv, hub);

    // Whatever changes what a publisher may serve (an ad reviewed, edited or deleted, a campaign
    // paused, canceled or edited) reaches its players, once this instance's index applied it, so
    // the refetch that follows sees it. (The ad index belongs to ad-serving, registered later.)
    app.addHook('onReady', async () => {
      services.adIndex.onCampaignsChanged((publisherId) => void hub.publish({ kind: 'playlist', publisherId }));
    });

    app.addHook('onClose', async () => {
      await hub.close();
      await devices.close!();
    });
  },
};
