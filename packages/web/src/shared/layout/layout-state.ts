import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from '../session/storage';

/** Page options (spec §2 "Layout"), persisted under the layout key. */
export interface LayoutState {
  sidebarHidden: boolean;
  topbarHidden: boolean;
  fullWidth: boolean;
  fullScreen: boolean;
  hiddenFullMenu: boolean;
  sidebarStartsClosed: boolean;
}

export const DEFAULT_LAYOUT: LayoutState = {
  sidebarHidden: false,
  topbarHidden: false,
  fullWidth: false,
  fullScreen: false,
  hiddenFullMenu: false,
  sidebarStartsClosed: false,
};

let state: LayoutState = { ...DEFAULT_LAYOUT, ...readJson<Partial<LayoutState>>(STORAGE_KEYS.layout) };
const listeners = new Set<() => void>();

export function setLayout(patch: Partial<LayoutState>) {
  state = { ...state, ...patch };
  writeJson(STORAGE_KEYS.layout, state);
  listeners.forEach((l) => l());
}

export function useLayout(): LayoutState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

/** Mobile layout applies at widths of 1024 px or less. */
export const MOBILE_QUERY = '(max-width: 1024px)';
/** The spec's breakpoints, in px. */
export const BREAKPOINTS = [320, 375, 576, 768, 960, 1200, 1600] as const;
