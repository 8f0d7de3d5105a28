import { z } from 'zod';
import { searchPage } from '../../shared/ui/search-params';

export const TV_DEVICES_PAGE_SIZE = 20;

/** The TV list's URL state: its page. */
export const TvDevicesSearch = z.object({ page: searchPage() });
export type TvDevicesSearch = z.output<typeof TvDevicesSearch>;
export const TV_DEVICES_SEARCH_DEFAULTS = { page: 1 } as const;

/** Where the player runs on the TV. */
export const TV_PLAYER_PATH = '/tv/player';

/** The activation page of a device token: the full URL the TV shows as a QR code. */
export const activationUrl = (origin: string, token: string) => `${origin}/retail-media/tv-devices/activate/${encodeURIComponent(token)}`;
