import type { AppModule } from '../../lib/module.ts';
import { createGazetteerGeocoder } from './gazetteer.ts';
import { cachedGeocoder, type Geocoder } from './geocoder.ts';
import { registerGeocodingRoutes } from './geocoding.routes.ts';
import { createNominatimGeocoder } from './nominatim.ts';

/** Addresses to coordinates: the offline gazetteer by default, a Nominatim-compatible server with GEOCODER=nominatim; cached a day. */
export const geocodingModule: AppModule = {
  name: 'geocoding',
  register(app, { config, cache, provide }) {
    const { provider, url } = config.geocoder;
    const source =
      provider === 'nominatim'
        ? createNominatimGeocoder({ url, userAgent: `backoffice-geocoder/1.0 (+${config.appUrl})` })
        : createGazetteerGeocoder();
    const geocoder = cachedGeocoder(source, cache, provider);
    registerGeocodingRoutes(app, geocoder);
    provide({ geocoder });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    geocoder: Geocoder;
  }
}
