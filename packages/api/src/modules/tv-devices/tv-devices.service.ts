import { createHash, randomBytes } from 'node:crypto';
import {
  TV_DEVICE_HEARTBEAT_MS,
  TV_DEVICE_ONLINE_MS,
  type ActivateTvDeviceInput,
  type RegisterTvDeviceInput,
  type TvDevice,
  type TvDeviceListQuery,
  type TvPlaylist,
} from '@backoffice/contracts';
import { BusinessRuleError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { MemberContext } from '../../plugins/identity.ts';
import { isPublisher } from '../retail-media/scope.ts';
import type { DeviceCollection, DeviceDoc, DocData } from './device-collection.ts';
import type { TvDevicesRepo } from './tv-devices.repo.ts';
import type { PlaylistSource } from './tv-devices.playlist.ts';

/**
 * A device document (spec §3): what the TV said of itself, its token, and what activation wrote
 * (§4: active, the activating user, the account's name, logo and logo background, the store).
 */
interface DeviceData {
  deviceName: string;
  deviceID: string;
  deviceManufacturer: string;
  token: string;
  name: string | null;
  user: { id: number; name: string; email: string } | null;
  email: string | null;
  active: boolean;
  account_id: number | null;
  accountName: string | null;
  accountLogo: string | null;
  accountLogoBg: string | null;
  store: { id: number; name: string } | null;
  registeredAt: string;
  activatedAt: string | null;
  lastSeenAt: string | null;
}

/** What activation writes, and removal clears (the device then waits to be paired again). */
const UNPAIRED = {
  name: null,
  user: null,
  email: null,
  active: false,
  account_id: null,
  accountName: null,
  accountLogo: null,
  accountLogoBg: null,
  store: null,
  activatedAt: null,
} satisfies Partial<DeviceData>;

/** One document per physical device: its id is derived from the deviceID it reports. */
export const deviceDocId = (deviceID: string) => createHash('sha256').update(deviceID).digest('base64url').slice(0, 32);

const dataOf = (doc: DeviceDoc) => doc.data as unknown as DeviceData;
const isOnline = (d: DeviceData, now: Date) => d.lastSeenAt !== null && now.getTime() - Date.parse(d.lastSeenAt) <= TV_DEVICE_ONLINE_MS;

const toTvDevice = (doc: DeviceDoc, now: Date): TvDevice => {
  const d = dataOf(doc);
  return {
    id: doc.id,
    name: d.name,
    deviceName: d.deviceName,
    deviceID: d.deviceID,
    deviceManufacturer: d.deviceManufacturer,
    user: d.user && { name: d.user.name, email: d.user.email },
    store: d.store,
    active: d.active,
    online: isOnline(d, now),
    last_seen_at: d.lastSeenAt,
    activated_at: d.activatedAt,
  };
};

const SORT_KEYS: Record<TvDeviceListQuery['order_by'], (d: TvDevice) => string> = {
  name: (d) => (d.name ?? d.deviceName).toLocaleLowerCase('pt-BR'),
  activated_at: (d) => d.activated_at ?? '',
  last_seen_at: (d) => d.last_seen_at ?? '',
};

type Caller = Pick<MemberContext, 'accountId' | 'userId' | 'retailMediaRole'>;

interface Deps {
  devices: DeviceCollection;
  repo: TvDevicesRepo;
  /** The digital signage ads of a publisher for one device and store. */
  playlist: PlaylistSource;
  /** Tells the device's connected player that its state changed (activated, removed, registered again). */
  deviceChanged: (deviceId: string) => void;
  now?: () => Date;
}

/**
 * TV devices for digital signage: a TV registers itself and shows its token; a publisher's member
 * activates it for one of the account's stores; the TV's heartbeats tell it its state and give the
 * list online/offline. The token is the device's only credential, so it is random (256 bits).
 */
export function createTvDevicesService({ devices, repo, playlist, deviceChanged, now = () => new Date() }: Deps) {
  const publisherOnly = (caller: Caller) => {
    if (!isPublisher(caller)) throw new ForbiddenError('TV_DEVICES_PUBLISHER_ONLY');
  };

  /** The device of a token as a caller may see it: waiting to be paired, or its own account's. */
  async function pairable(caller: Caller, token: string): Promise<DeviceDoc> {
    publisherOnly(caller);
    const [doc] = await devices.where('token', token);
    const owner = doc && dataOf(doc).account_id;
    if (!doc || (owner !== null && owner !== caller.accountId)) throw new NotFoundError('TV_DEVICE_NOT_FOUND');
    return doc;
  }

  return {
    /** Registers the TV with a new token; the same deviceID again replaces its document (new token, unpaired). */
    async register(input: RegisterTvDeviceInput) {
      const id = deviceDocId(input.deviceID);
      const token = randomBytes(32).toString('base64url');
      const data: DeviceData = { ...input, token, ...UNPAIRED, registeredAt: now().toISOString(), lastSeenAt: null };
      await devices.set(id, data as unknown as DocData);
      deviceChanged(id);
      return { id, token, heartbeat_interval_ms: TV_DEVICE_HEARTBEAT_MS };
    },

    /** Records the heartbeat and answers the device's state; 404 when the token is unknown (registered again elsewhere). */
    async heartbeat(token: string) {
      const [doc] = await devices.where('token', token);
      if (!doc) throw new NotFoundError('TV_DEVICE_NOT_FOUND');
      await devices.set(doc.id, { lastSeenAt: now().toISOString() }, { merge: true });
      const d = dataOf(doc);
      return {
        active: d.active,
        name: d.name,
        accountName: d.accountName,
        accountLogo: d.accountLogo,
        accountLogoBg: d.accountLogoBg,
        store: d.store,
        heartbeat_interval_ms: TV_DEVICE_HEARTBEAT_MS,
      };
    },

    /** The ads the device plays now: those of the publisher that activated it, none while it waits to be paired. */
    async playlist(token: string): Promise<TvPlaylist> {
      const [doc] = await devices.where('token', token);
      if (!doc) throw new NotFoundError('TV_DEVICE_NOT_FOUND');
      const d = dataOf(doc);
      const generated_at = now().toISOString();
      if (!d.active || d.account_id === null) return { active: false, ads: [], generated_at };
      return { active: true, ads: await playlist(d.account_id, doc.id, d.store?.name ?? d.accountName ?? doc.id), generated_at };
    },

    /** The device of a connected player's token (its websocket), or null when the token is unknown. */
    async socketDevice(token: string) {
      const [doc] = await devices.where('token', token);
      return doc ? { deviceId: doc.id, token, publisherId: dataOf(doc).account_id } : null;
    },

    /** A device's token and publisher as stored now (a connected player's, after a change). */
    async deviceNow(id: string) {
      const doc = await devices.get(id);
      return doc ? { token: dataOf(doc).token, publisherId: dataOf(doc).account_id } : null;
    },

    /** The activation page's device; 404 when unknown or activated by another account. */
    async pairing(caller: Caller, token: string) {
      const doc = await pairable(caller, token);
      const d = dataOf(doc);
      return {
        id: doc.id,
        deviceName: d.deviceName,
        deviceID: d.deviceID,
        deviceManufacturer: d.deviceManufacturer,
        active: d.active,
        name: d.name,
        store: d.store,
        registered_at: d.registeredAt,
      };
    },

    /** Activates the device for one of the caller's stores (§4: active, user, account name, logo and its background). */
    async activate(caller: Caller, token: string, input: ActivateTvDeviceInput): Promise<TvDevice> {
      const doc = await pairable(caller, token);
      const [store, account, user] = await Promise.all([
        repo.store(caller.accountId, input.location_id),
        repo.account(caller.accountId),
        repo.user(caller.userId),
      ]);
      if (!store) throw new BusinessRuleError('TV_DEVICE_STORE_UNKNOWN');
      if (!account || !user) throw new NotFoundError('TV_DEVICE_NOT_FOUND');
      const activation = {
        active: true,
        name: input.name,
        user: { id: user.id, name: user.name, email: user.email },
        email: user.email,
        account_id: caller.accountId,
        accountName: account.name,
        accountLogo: account.logoUrl,
        accountLogoBg: account.headerColor,
        store: { id: store.id, name: store.name },
        activatedAt: now().toISOString(),
      } satisfies Partial<DeviceData>;
      await devices.set(doc.id, activation, { merge: true });
      deviceChanged(doc.id);
      return toTvDevice({ id: doc.id, data: { ...doc.data, ...activation } }, now());
    },

    /** The account's devices, sorted and paginated as the other lists. */
    async list(caller: Caller, q: TvDeviceListQuery) {
      publisherOnly(caller);
      const at = now();
      const sign = q.order_direction === 'asc' ? 1 : -1;
      const key = SORT_KEYS[q.order_by];
      const all = (await devices.where('account_id', caller.accountId))
        .map((doc) => toTvDevice(doc, at))
        .sort((a, b) => sign * key(a).localeCompare(key(b)) || a.id.localeCompare(b.id));
      return pageOf(all.slice((q.page - 1) * q.quantity, q.page * q.quantity), q, all.length);
    },

    /** Removes the device from the account: it keeps its token and waits to be paired again. */
    async remove(caller: Caller, id: string) {
      publisherOnly(caller);
      const doc = await devices.get(id);
      if (!doc || dataOf(doc).account_id !== caller.accountId) throw new NotFoundError('TV_DEVICE_NOT_FOUND');
      await devices.set(id, UNPAIRED, { merge: true });
      deviceChanged(id);
    },
  };
}
export type TvDevicesService = ReturnType<typeof createTvDevicesService>;
