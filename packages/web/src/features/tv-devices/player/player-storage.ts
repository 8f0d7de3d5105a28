import type { components } from '../../../shared/api/schema';

export type TvDeviceState = components['schemas']['TvDeviceState'];
export type TvPlaylistAd = components['schemas']['TvPlaylistAd'];

const KEYS = {
  deviceId: 'tv-player:device-id',
  token: 'tv-player:token',
  state: 'tv-player:state',
  playlist: 'tv-player:playlist',
} as const;

function read<T>(key: string): T | null {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the offline copy.
  }
}

/**
 * What the player keeps on the TV: its own id (stable across reloads, so the device keeps one
 * document), its token, and the last state and playlist it got, to keep playing without network.
 */
export const playerStorage = {
  deviceId(): string {
    let id = read<string>(KEYS.deviceId);
    if (!id) {
      id = `tv-${globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`}`;
      write(KEYS.deviceId, id);
    }
    return id;
  },
  token: () => read<string>(KEYS.token),
  setToken: (token: string | null) => write(KEYS.token, token),
  state: () => read<TvDeviceState>(KEYS.state),
  setState: (state: TvDeviceState | null) => write(KEYS.state, state),
  playlist: () => read<TvPlaylistAd[]>(KEYS.playlist) ?? [],
  setPlaylist: (ads: TvPlaylistAd[] | null) => write(KEYS.playlist, ads),
};

const MANUFACTURERS: Array<[RegExp, string]> = [
  [/samsung|tizen/i, 'Samsung'],
  [/\blg\b|webos|netcast/i, 'LG'],
  [/sony|bravia/i, 'Sony'],
  [/philips/i, 'Philips'],
  [/hisense|vidaa/i, 'Hisense'],
  [/\btcl\b/i, 'TCL'],
  [/xiaomi|mibox|mi tv/i, 'Xiaomi'],
  [/\baft\w*|fire tv|silk/i, 'Amazon'],
  [/roku/i, 'Roku'],
  [/crkey|google ?tv|chromecast/i, 'Google'],
  [/motorola/i, 'Motorola'],
  [/apple ?tv|macintosh|iphone|ipad/i, 'Apple'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/tizen/i, 'Tizen'],
  [/webos/i, 'webOS'],
  [/android/i, 'Android'],
  [/cros/i, 'ChromeOS'],
  [/windows/i, 'Windows'],
  [/mac os|macintosh/i, 'macOS'],
  [/linux/i, 'Linux'],
];
const BROWSERS: Array<[RegExp, string]> = [
  [/edg\//i, 'Edge'],
  [/firefox\//i, 'Firefox'],
  [/silk\//i, 'Silk'],
  [/chrom(e|ium)\//i, 'Chromium'],
  [/safari\//i, 'Safari'],
];
const first = (ua: string, table: Array<[RegExp, string]>) => table.find(([re]) => re.test(ua))?.[1];

/** What the TV says of itself when it registers, read from its browser (deviceID: kept in localStorage). */
export function describeDevice(userAgent: string, unknown: string) {
  const system = first(userAgent, SYSTEMS);
  const browser = first(userAgent, BROWSERS);
  const name = [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 120) || unknown;
  return { deviceName: name.slice(0, 120), deviceManufacturer: first(userAgent, MANUFACTURERS) ?? unknown };
}
