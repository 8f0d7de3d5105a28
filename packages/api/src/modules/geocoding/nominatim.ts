import { z } from 'zod';
import { BRAZILIAN_STATES, type GeocodeResult } from '@backoffice/contracts';
import { foldText } from '../../lib/like.ts';
import { GeocoderUnavailableError, type Geocoder } from './geocoder.ts';

export const NOMINATIM_PUBLIC_URL = 'https://nominatim.openstreetmap.org';

/** The part of a Nominatim `jsonv2` search answer we read (addressdetails=1). */
const Place = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  display_name: z.string(),
  addresstype: z.string().optional(),
  address: z
    .object({
      house_number: z.string().optional(),
      road: z.string().optional(),
      suburb: z.string().optional(),
      neighbourhood: z.string().optional(),
      quarter: z.string().optional(),
      city_district: z.string().optional(),
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      municipality: z.string().optional(),
      state: z.string().optional(),
      'ISO3166-2-lvl4': z.string().optional(),
      postcode: z.string().optional(),
    })
    .catchall(z.unknown())
    .default({}),
});
const Answer = z.array(Place);

const STATE_NAMES: Record<string, string> = {
  acre: 'AC', alagoas: 'AL', amapa: 'AP', amazonas: 'AM', bahia: 'BA', ceara: 'CE', 'distrito federal': 'DF', 'espirito santo': 'ES',
  goias: 'GO', maranhao: 'MA', 'mato grosso': 'MT', 'mato grosso do sul': 'MS', 'minas gerais': 'MG', para: 'PA', paraiba: 'PB',
  parana: 'PR', pernambuco: 'PE', piaui: 'PI', 'rio de janeiro': 'RJ', 'rio grande do norte': 'RN', 'rio grande do sul': 'RS',
  rondonia: 'RO', roraima: 'RR', 'santa catarina': 'SC', 'sao paulo': 'SP', sergipe: 'SE', tocantins: 'TO',
};

const ufOf = (a: z.output<typeof Place>['address']): string | null => {
  const iso = a['ISO3166-2-lvl4']?.replace(/^BR-/, '');
  if (iso && (BRAZILIAN_STATES as readonly string[]).includes(iso)) return iso;
  return (a.state && STATE_NAMES[foldText(a.state).trim()]) || null;
};

const zipOf = (postcode?: string) => {
  const d = postcode?.replace(/\D/g, '');
  return d?.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : null;
};

function toResult(p: z.output<typeof Place>): GeocodeResult {
  const a = p.address;
  const neighborhood = a.suburb ?? a.neighbourhood ?? a.quarter ?? a.city_district ?? null;
  const precision: GeocodeResult['precision'] = a.house_number
    ? 'address'
    : a.road
      ? 'street'
      : p.addresstype === 'postcode'
        ? 'zip'
        : neighborhood
          ? 'neighborhood'
          : 'city';
  return {
    label: p.display_name,
    lat: p.lat,
    lng: p.lon,
    zip_code: zipOf(a.postcode),
    street: a.road ?? null,
    neighborhood,
    city: a.city ?? a.town ?? a.village ?? a.municipality ?? null,
    state: ufOf(a),
    precision,
  };
}

export interface NominatimOptions {
  /** The server's base address (`NOMINATIM_URL`); the public OpenStreetMap instance when absent. */
  url?: string;
  /** Identifies the application, as Nominatim's usage policy asks. */
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A Nominatim-compatible HTTP geocoder (`/search?format=jsonv2&addressdetails=1&countrycodes=br`). */
export function createNominatimGeocoder({ url = NOMINATIM_PUBLIC_URL, userAgent, timeoutMs = 5000, fetch: doFetch = fetch }: NominatimOptions): Geocoder {
  const base = url.replace(/\/+$/, '');
  return {
    async geocode(address) {
      const params = new URLSearchParams({ format: 'jsonv2', addressdetails: '1', countrycodes: 'br', limit: '10', q: address });
      let body: unknown;
      try {
        const res = await doFetch(`${base}/search?${params}`, {
          headers: { 'user-agent': userAgent, accept: 'application/json', 'accept-language': 'pt-BR' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`nominatim answered ${res.status}`);
        body = await res.json();
      } catch (err) {
        throw new GeocoderUnavailableError(err);
      }
      const parsed = Answer.safeParse(body);
      if (!parsed.success) throw new GeocoderUnavailableError(parsed.error);
      return parsed.data.map(toResult);
    },
  };
}
