import { describe, expect, it } from 'vitest';
import { RmaParams, RmaRequest } from '@backoffice/contracts';
import { plainRmaParams, plainRmaRequest } from './rma-request.ts';

/** A small deterministic generator, so a failure names a body that can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

const BASES: Record<string, unknown>[] = [
  { context: 'search', term: 'café', session_id: 'sessao-1', channel: 'site', placements: { busca_topo: { types: ['product'], quantity: 3 }, busca_banner: { types: ['banner'], size: '728x90', quantity: 1 } } },
  { context: 'category', category_name: 'Mercearia > Café', placements: { p: { types: ['banner', 'product'], size: 'desktop', assets_type: ['image', 'video'] } } },
  { context: 'product_page', product_sku: 'SKU-1', user_id: 'u-1', placements: { p: { types: ['sponsored_brand'], quantity: 20, allow_sku_duplications: true } } },
  { context: 'product', product_sku: 'SKU-2', store_id: 'loja-9', placements: { p: { types: ['product'], quantity: 2 } } },
  { context: 'brand_page', brand_name: 'Café Aurora', dedup_ads: true, dedup_campaign_ads: false, placements: { p: { types: ['product', 'digital_signage'] } } },
  {
    context: 'home',
    device: 'mobile',
    channel: 'app',
    brand: 'x',
    userAgent: 'Mozilla/5.0',
    tags: ['promoção', 'orgânico'],
    segmentation: [{ key: 'STATE', values: ['SP'] }, { key: 'AUDIENCES', values: ['amantes_de_cafe'], extra: 1 }, { key: 'NBO_CATEGORIES', values: [] }],
    placements: { a: { types: ['product'] }, b: { types: ['digital_signage'], quantity: 2 } },
  },
  {
    context: 'digital_signage',
    channel: 'in-store',
    device_id: 'tela-1',
    store_name: 'Loja Centro',
    placements: { tela: { types: ['banner'], size: '720p', quantity: 1, assets_type: ['video'] } },
  },
];

const ODD_VALUES = [
  undefined, null, '', ' ', ' padded ', 'x'.repeat(501), 0, 1.5, 21, -1, '2', true, 'false', [], {}, ['product'], ['nope'], 'a;b', 'a\nb', '__proto__',
  'product', 'site', 'in-store', 'request_id', ['image'], ['video', 'image'], ['gif'], [''], ['x'.repeat(65)], Array.from({ length: 11 }, (_, i) => `t${i}`),
  [{ key: 'CITY', values: ['Campinas'] }], [{ key: '', values: [] }], [{ key: 'AGE', values: [30] }], [{ values: ['a'] }], [['STATE', 'SP']],
];
const FIELDS = [
  'context', 'term', 'category_name', 'product_sku', 'brand_name', 'session_id', 'user_id', 'store_id', 'device_id', 'store_name', 'device', 'channel',
  'brand', 'userAgent', 'tags', 'segmentation', 'dedup_ads', 'dedup_campaign_ads', 'allow_duplicates', 'placements', 'extra',
];
const PLACEMENT_FIELDS = ['types', 'quantity', 'size', 'assets_type', 'allow_sku_duplications', 'extra'];

/** A base body with a few fields (or placement fields, or placement names) replaced by odd values. */
function mutate(r: ReturnType<typeof random>): unknown {
  const body = structuredClone(r.pick(BASES));
  const placements = body.placements as Record<string, Record<string, unknown>>;
  for (let n = 1 + Math.floor(r.next() * 3); n > 0; n--) {
    const what = r.next();
    if (what < 0.4) body[r.pick(FIELDS)] = r.pick(ODD_VALUES);
    else if (what < 0.8) {
      const name = r.pick(Object.keys(placements));
      if (placements[name] && typeof placements[name] === 'object') placements[name][r.pick(PLACEMENT_FIELDS)] = r.pick(ODD_VALUES);
    } else if (what < 0.9) {
      const name = r.pick([' topo', '', 'x'.repeat(101), 'ok', '__proto__', 'query_id']);
      Object.defineProperty(placements, name, { value: { types: ['product'] }, enumerable: true, configurable: true, writable: true });
    } else {
      for (let i = 0; i < 20; i++) placements[`extra-${i}`] = { types: ['product'] };
    }
  }
  return body;
}

describe('the decision body read without zod', () => {
  it('reads the usual bodies, exactly as zod does', () => {
    for (const body of BASES) {
      const plain = plainRmaRequest(body);
      expect(plain, JSON.stringify(body)).toBeDefined();
      expect(plain).toEqual(RmaRequest.parse(body));
    }
  });

  it('never accepts a body zod refuses, nor reads one differently (20,000 generated bodies)', () => {
    const r = random(20261124);
    let read = 0;
    for (let i = 0; i < 20_000; i++) {
      const body = mutate(r);
      const plain = plainRmaRequest(body);
      if (plain === undefined) continue;
      read += 1;
      const zod = RmaRequest.safeParse(body);
      expect(zod.success, JSON.stringify(body)).toBe(true);
      expect(plain, JSON.stringify(body)).toEqual(zod.data);
    }
    // The generator does produce bodies the plain reader accepts (not only ones it hands to zod).
    expect(read).toBeGreaterThan(1_000);
  });

  it('leaves bodies that need trimming or a default to zod, which answers the same request', () => {
    expect(plainRmaRequest({ context: 'search', term: ' café ', placements: { p: { types: ['product'] } } })).toBeUndefined();
    expect(plainRmaRequest({ context: 'search', term: 'café', placements: { ' p': { types: ['product'] } } })).toBeUndefined();
    expect(plainRmaRequest({ context: 'search', placements: { p: { types: ['product'] } } })).toBeUndefined();
    expect(plainRmaRequest({ context: 'search', term: 'café', placements: { p: { types: ['banner'] } } })).toBeUndefined();
    expect(plainRmaRequest({ context: 'search', term: 'café', placements: { p: { types: ['product'] } } })).toEqual({
      context: 'search',
      term: 'café',
      placements: { p: { types: ['product'], quantity: 1 } },
    });
  });

  it('reads `product` as product_page, drops fields it does not know and keeps the documented ones', () => {
    const body = {
      context: 'product',
      product_sku: 'SKU-1',
      channel: 'msite',
      allow_duplicates: true,
      unknown: { nested: true },
      segmentation: [{ key: 'GENDER', values: ['F'], weight: 2 }],
      tags: ['Promoção'],
      placements: { vitrine: { types: ['product'], quantity: 2, allow_sku_duplications: true, position: 'top' } },
    };
    const plain = plainRmaRequest(body);
    expect(plain).toEqual({
      context: 'product_page',
      product_sku: 'SKU-1',
      channel: 'msite',
      segmentation: [{ key: 'GENDER', values: ['F'] }],
      tags: ['Promoção'],
      placements: { vitrine: { types: ['product'], quantity: 2, allow_sku_duplications: true } },
    });
    expect(plain).toStrictEqual(RmaRequest.parse(body));
  });

  it('leaves to zod a signage query without its device or store, and a placement named like a top-level key', () => {
    const signage = { context: 'digital_signage', device_id: 'tela-1', placements: { tela: { types: ['digital_signage'] } } };
    expect(plainRmaRequest(signage)).toBeUndefined();
    expect(RmaRequest.safeParse(signage).success).toBe(false);
    expect(plainRmaRequest({ context: 'home', placements: { query_at: { types: ['product'] } } })).toBeUndefined();
  });
});

describe('the decision path params read without zod', () => {
  it('reads plain publisher ids exactly as zod does and leaves every other value to zod', () => {
    const values = ['1', '7', '42', '999999999999999', '0', '01', '-1', '1.5', '1e2', '0x10', ' 12', '12 ', '', 'abc', '9999999999999999', '１２'];
    for (const publisherId of values) {
      const plain = plainRmaParams({ publisherId });
      const zod = RmaParams.safeParse({ publisherId });
      if (plain !== undefined) expect(plain, publisherId).toEqual(zod.data);
      if (!zod.success) expect(plain, publisherId).toBeUndefined();
    }
    expect(plainRmaParams({ publisherId: '42' })).toEqual({ publisherId: 42 });
    expect(plainRmaParams({ publisherId: '1e2' })).toBeUndefined();
    expect(plainRmaParams(undefined)).toBeUndefined();
  });
});
