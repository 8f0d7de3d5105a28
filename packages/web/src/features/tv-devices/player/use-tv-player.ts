import { useCallback, useEffect, useRef, useState } from 'react';
import { TV_SOCKET_PATH, type TvSocketMessage } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../../shared/api/client';
import { t } from '../../../i18n';
import { describeDevice, playerStorage, type TvDeviceState, type TvPlaylistAd } from './player-storage';

/** Waits between attempts while the network or the API is away. */
const RETRY_MS = 10_000;
const SOCKET_RETRY_MAX_MS = 30_000;

export interface TvPlayer {
  token: string | null;
  /** The device's state as the last heartbeat said (or as kept from before, offline). */
  state: TvDeviceState | null;
  ads: TvPlaylistAd[];
  /** The last call to the API failed for want of network: the player shows what it kept. */
  offline: boolean;
  registerFailed: boolean;
  device: { deviceName: string; deviceManufacturer: string };
  /** Reads the playlist again (at the end of each round: fresh impression URLs, current ads). */
  refreshPlaylist: () => void;
}

const socketUrl = (token: string) => {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${TV_SOCKET_PATH}?token=${encodeURIComponent(token)}`;
};

/**
 * The TV's life: registers once (a deviceID kept in localStorage), sends its heartbeat every
 * heartbeat_interval_ms, reads its playlist while active, and listens on the websocket for
 * changes (its publisher's ads, its own activation or removal). Without network it keeps the last
 * state and playlist it stored; an unknown token (registered again elsewhere) registers anew.
 */
export function useTvPlayer(initialToken: string | undefined, onToken: (token: string) => void): TvPlayer {
  const [device] = useState(() => describeDevice(globalThis.navigator?.userAgent ?? '', t('tvDevices.player.unknownManufacturer')));
  const [token, setToken] = useState<string | null>(() => initialToken ?? playerStorage.token());
  const [state, setState] = useState<TvDeviceState | null>(() => (token && token === playerStorage.token() ? playerStorage.state() : null));
  const [ads, setAds] = useState<TvPlaylistAd[]>(() => (token && token === playerStorage.token() ? playerStorage.playlist() : []));
  const [offline, setOffline] = useState(false);
  const [registerFailed, setRegisterFailed] = useState(false);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  // A token from the URL is this TV's from now on.
  useEffect(() => {
    if (token && token !== playerStorage.token()) {
      playerStorage.setToken(token);
      playerStorage.setState(null);
      playerStorage.setPlaylist(null);
    }
  }, [token]);

  const forget = useCallback(() => {
    playerStorage.setToken(null);
    playerStorage.setState(null);
    playerStorage.setPlaylist(null);
    setState(null);
    setAds([]);
    setToken(null);
  }, []);

  /** Network trouble keeps what the TV has; an unknown token starts over. */
  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) forget();
      else setOffline(true);
    },
    [forget],
  );

  // Registration, retried while it fails.
  useEffect(() => {
    if (token) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const register = async () => {
      try {
        const created = await unwrap(api.POST('/tv/devices', { body: { ...device, deviceID: playerStorage.deviceId() } }));
        if (stopped) return;
        playerStorage.setToken(created.token);
        setRegisterFailed(false);
        setOffline(false);
        setToken(created.token);
        onTokenRef.current(created.token);
      } catch {
        if (stopped) return;
        setRegisterFailed(true);
        timer = setTimeout(() => void register(), RETRY_MS);
      }
    };
    void register();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, device]);

  const loadPlaylist = useCallback(
    async (current: string) => {
      try {
        const playlist = await unwrap(api.POST('/tv/playlist', { body: { token: current } }));
        setOffline(false);
        const next = playlist.active ? playlist.ads : [];
        playerStorage.setPlaylist(next);
        setAds(next);
      } catch (error) {
        failed(error);
      }
    },
    [failed],
  );

  const beat = useCallback(
    async (current: string): Promise<number> => {
      try {
        const next = await unwrap(api.POST('/tv/heartbeat', { body: { token: current } }));
        setOffline(false);
        playerStorage.setState(next);
        setState(next);
        return next.heartbeat_interval_ms;
      } catch (error) {
        failed(error);
        return RETRY_MS;
      }
    },
    [failed],
  );

  // Heartbeats, every interval the API asks for.
  const beatNow = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async () => {
      clearTimeout(timer);
      const wait = await beat(token);
      if (!stopped) timer = setTimeout(() => void loop(), wait);
    };
    beatNow.current = () => void loop();
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, beat]);

  // The playlist, read again whenever the device becomes active (or its store changes).
  const active = state?.active === true;
  const storeId = state?.store?.id;
  useEffect(() => {
    if (!token || !active) return;
    // Asked from a timer, as the websocket and the heartbeat ask: the answer lands in a callback.
    const timer = setTimeout(() => void loadPlaylist(token), 0);
    return () => clearTimeout(timer);
  }, [token, active, storeId, loadPlaylist]);

  // The websocket: told to refetch; reconnects with a growing wait.
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = 1_000;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(socketUrl(token));
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as TvSocketMessage;
        if (message.type === 'ready') wait = 1_000;
        // On (re)connection too: what was announced while away is read afresh.
        if (message.type === 'playlist' || message.type === 'ready') void loadPlaylistIfActive();
        if (message.type === 'state') beatNow.current();
      };
      socket.onclose = () => {
        if (stopped) return;
        timer = setTimeout(connect, wait);
        wait = Math.min(wait * 2, SOCKET_RETRY_MAX_MS);
      };
    };
    const loadPlaylistIfActive = () => (playerStorage.state()?.active ? loadPlaylist(token) : Promise.resolve());
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [token, loadPlaylist]);

  const refreshPlaylist = useCallback(() => {
    if (token && active) void loadPlaylist(token);
  }, [token, active, loadPlaylist]);

  // An inactive TV plays nothing, whatever it kept.
  return { token, state, ads: active ? ads : [], offline, registerFailed, device, refreshPlaylist };
}
