import type { GeocodeResult } from '@backoffice/contracts';
import { AppError } from '../../lib/errors.ts';
import type { Cache } from '../../lib/cache.ts';
import { foldText } from '../../lib/like.ts';

/** Turns an address (a CEP alone, or "street, number, neighbourhood, city") into candidate points, best first. */
export interface Geocoder {
  geocode(address: string): Promise<GeocodeResult[]>;
}

/** The provider could not answer (down, slow, a broken answer): 503, the caller may retry. */
export class GeocoderUnavailableError extends AppError {
  constructor(cause?: unknown) {
    super(503, 'GEOCODER_UNAVAILABLE', 'GEOCODER_UNAVAILABLE');
    this.cause = cause;
  }
}

/** Lower case, no accents, one space between words: "Rua  dos PINHEIROS" and "rua dos pinheiros" are one address. */
export const normalizeAddress = (v: string): string =>
  foldText(v)
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim();

const CACHE_TTL_SECONDS = 86_400;

/** Answers from the cache (by provider and normalised address, a day) before asking the provider; failures are not cached. */
export function cachedGeocoder(provider: Geocoder, cache: Cache, name: string): Geocoder {
  return {
    async geocode(address) {
      const key = `geocode:${name}:${normalizeAddress(address)}`;
      const held = await cache.get<GeocodeResult[]>(key);
      if (held) return held;
      const results = await provider.geocode(address);
      await cache.set(key, results, CACHE_TTL_SECONDS);
      return results;
    },
  };
}
