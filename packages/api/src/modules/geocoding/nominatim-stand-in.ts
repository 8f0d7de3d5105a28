import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { foldText } from '../../lib/like.ts';

/** One place as a Nominatim server answers it (`format=jsonv2&addressdetails=1`). */
export interface StandInPlace {
  place_id: number;
  lat: string;
  lon: string;
  display_name: string;
  addresstype: string;
  address: Record<string, string>;
}

/** Places the stand-in knows, as the public instance answers them (trimmed to the fields it reads). */
export const STAND_IN_PLACES: StandInPlace[] = [
  {
    place_id: 1,
    lat: '-23.5652904',
    lon: '-46.6857327',
    display_name: '1200, Rua dos Pinheiros, Pinheiros, São Paulo, Região Imediata de São Paulo, São Paulo, Região Sudeste, 05422-001, Brasil',
    addresstype: 'place',
    address: {
      house_number: '1200', road: 'Rua dos Pinheiros', suburb: 'Pinheiros', city: 'São Paulo', state: 'São Paulo',
      'ISO3166-2-lvl4': 'BR-SP', postcode: '05422-001', country: 'Brasil', country_code: 'br',
    },
  },
  {
    place_id: 2,
    lat: '-22.9068467',
    lon: '-43.1728965',
    display_name: 'Copacabana, Rio de Janeiro, Região Sudeste, Brasil',
    addresstype: 'suburb',
    address: { suburb: 'Copacabana', city: 'Rio de Janeiro', state: 'Rio de Janeiro', country: 'Brasil', country_code: 'br' },
  },
];

export interface StandInRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/**
 * A local Nominatim stand-in for tests: GET /search answers the places whose display name contains
 * every word of `q` (accents and case ignored), records each request, and can be told to fail
 * (`status`) or to hang past the caller's timeout (`delayMs`).
 */
export async function startNominatimStandIn() {
  const requests: StandInRequest[] = [];
  const behaviour = { status: 200, delayMs: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    setTimeout(() => {
      if (url.pathname !== '/search') return void res.writeHead(404).end();
      if (behaviour.status !== 200) return void res.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end('unavailable');
      const words = foldText(url.searchParams.get('q') ?? '').split(/[\s,]+/).filter(Boolean);
      const places = STAND_IN_PLACES.filter((p) => words.every((w) => foldText(p.display_name).includes(w)));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(places));
    }, behaviour.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behaviour,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
