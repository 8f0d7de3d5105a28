import type { GeocodeResult } from '@backoffice/contracts';
import { CITIES, NEIGHBORHOODS, STREETS, type GazetteerStreet } from './gazetteer-data.ts';
import { foldText } from '../../lib/like.ts';
import type { Geocoder } from './geocoder.ts';

const ABBREVIATIONS: Record<string, string> = {
  r: 'rua', av: 'avenida', al: 'alameda', rod: 'rodovia', est: 'estrada', tv: 'travessa', trav: 'travessa', pca: 'praca', lgo: 'largo',
  dr: 'doutor', cel: 'coronel', prof: 'professor', pres: 'presidente', brig: 'brigadeiro', gal: 'general', sen: 'senador', cons: 'conselheiro',
  xv: 'quinze',
};
const STREET_TYPES = new Set(['rua', 'avenida', 'alameda', 'rodovia', 'estrada', 'travessa', 'praca', 'largo']);
const MAX_RESULTS = 10;

/** Lower case, no accents nor punctuation, abbreviations spelt out: "Av. Brig. Faria Lima" → "avenida brigadeiro faria lima". */
export function gazetteerKey(v: string): string {
  return foldText(v)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(' ');
}

/** A street's name without its type: "rua dos pinheiros" → "dos pinheiros". */
const core = (key: string) => {
  const [first, ...rest] = key.split(' ');
  return first && STREET_TYPES.has(first) ? rest.join(' ') : key;
};

const stateOf = (city: string) => CITIES.find((c) => c.city === city)!.state;
const CITY_KEYS = new Map(CITIES.map((c) => [gazetteerKey(c.city), c]));
const UFS = new Set(['ac', 'al', 'ap', 'am', 'ba', 'ce', 'df', 'es', 'go', 'ma', 'mt', 'ms', 'mg', 'pa', 'pb', 'pr', 'pe', 'pi', 'rj', 'rn', 'rs', 'ro', 'rr', 'sc', 'sp', 'se', 'to']);
const NUMBER = /^(?:n(?:o|umero)? )?(\d+[a-z]?|s n|sn|km \d+)$/;
const CEP = /\b(\d{5})-?(\d{3})\b/;

const streetResult = (s: GazetteerStreet, number: string | undefined, precision: 'street' | 'zip'): GeocodeResult => {
  const state = stateOf(s.city);
  return {
    label: `${s.street}${number ? `, ${number}` : ''} - ${s.neighborhood}, ${s.city} - ${state}, ${s.zip}`,
    lat: s.lat,
    lng: s.lng,
    zip_code: s.zip,
    street: s.street,
    neighborhood: s.neighborhood,
    city: s.city,
    state,
    precision,
  };
};

/** The parts of an address a person typed: a CEP, a number, a state, a city, neighbourhoods and street names. */
function parse(address: string) {
  const cepMatch = CEP.exec(address);
  const cep = cepMatch ? `${cepMatch[1]}-${cepMatch[2]}` : undefined;
  const parts = address
    .replace(CEP, ' ')
    .split(/,|\s-\s|\//)
    .map(gazetteerKey)
    .filter(Boolean);
  let number: string | undefined;
  let state: string | undefined;
  let city: string | undefined;
  const places: string[] = [];
  for (const part of parts) {
    const n = NUMBER.exec(part);
    if (n) number ??= n[1] === 'sn' || n[1] === 's n' ? 's/n' : n[1];
    else if (UFS.has(part)) state = part.toUpperCase();
    else if (CITY_KEYS.has(part)) city = CITY_KEYS.get(part)!.city;
    else {
      // "rua dos pinheiros 1200": the number may come with the street.
      const trailing = /^(.*\D) (\d+[a-z]?)$/.exec(part);
      if (trailing) number ??= trailing[2];
      places.push(trailing ? trailing[1]! : part);
    }
  }
  return { cep, number, state, city, places, onlyCep: !!cep && parts.length === 0 };
}

/** The offline geocoder: CEPs, streets, neighbourhoods and cities of the seeded cities, accents and case ignored. */
export function createGazetteerGeocoder(): Geocoder {
  return {
    async geocode(address) {
      const q = parse(address);
      if (q.state && q.state !== 'SP') return [];
      const inCity = <T extends { city: string }>(rows: T[]) => (q.city ? rows.filter((r) => r.city === q.city) : rows);
      if (q.onlyCep) return STREETS.filter((s) => s.zip === q.cep).map((s) => streetResult(s, undefined, 'zip'));

      const neighborhoodKeys = new Set(q.places.filter((p) => NEIGHBORHOODS.some((n) => gazetteerKey(n.neighborhood) === p)));
      // A street by its full name ("rua butanta"), or by its name alone when that is not a neighbourhood's ("pinheiros" is one).
      let streets = inCity(
        STREETS.filter((s) => {
          const key = gazetteerKey(s.street);
          return q.places.some((p) => p === key || (!neighborhoodKeys.has(p) && p.length >= 3 && core(p) === core(key)));
        }),
      );
      if (streets.length) {
        const inNeighborhood = streets.filter((s) => neighborhoodKeys.has(gazetteerKey(s.neighborhood)));
        if (inNeighborhood.length) streets = inNeighborhood;
        const withCep = streets.filter((s) => s.zip === q.cep);
        if (withCep.length) streets = withCep;
        return streets.slice(0, MAX_RESULTS).map((s) => streetResult(s, q.number, 'street'));
      }
      if (q.cep) {
        const byCep = STREETS.filter((s) => s.zip === q.cep);
        if (byCep.length) return byCep.map((s) => streetResult(s, q.number, 'zip'));
      }
      const neighborhoods = inCity(NEIGHBORHOODS.filter((n) => neighborhoodKeys.has(gazetteerKey(n.neighborhood))));
      if (neighborhoods.length) {
        return neighborhoods.slice(0, MAX_RESULTS).map((n) => {
          const state = stateOf(n.city);
          return { label: `${n.neighborhood}, ${n.city} - ${state}`, lat: n.lat, lng: n.lng, zip_code: null, street: null, neighborhood: n.neighborhood, city: n.city, state, precision: 'neighborhood' as const };
        });
      }
      if (q.city && q.places.length === 0) {
        const c = CITIES.find((x) => x.city === q.city)!;
        return [{ label: `${c.city} - ${c.state}`, lat: c.lat, lng: c.lng, zip_code: null, street: null, neighborhood: null, city: c.city, state: c.state, precision: 'city' }];
      }
      return [];
    },
  };
}
