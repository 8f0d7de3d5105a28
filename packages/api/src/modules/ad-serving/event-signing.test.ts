import { describe, expect, it } from 'vitest';
import { createEventSigner, packServedAd, servedAdPayloads, type ServedAd } from './event-signing.ts';

const TEXTS = ['busca_topo', 'Café "especial" \\ 50%', 'linha\nnova\ttab', 'emoji 🛒 e acentuação', '</script>', '\u2028\u2029'];

describe('event token payloads', () => {
  it('writes each served ad exactly as JSON.stringify(packServedAd(ad)), and its token verifies to the same ad', () => {
    const signer = createEventSigner('event-signing-test-secret');
    let n = 0;
    for (const pl of TEXTS) {
      for (const u of [undefined, ...TEXTS]) {
        for (const to of [undefined, 'https://loja.exemplo/p?x=1&y="2"', ...TEXTS]) {
          n += 1;
          const ad: ServedAd = {
            r: `req-${n}`,
            p: 7,
            a: 1000 + n,
            c: 20 + n,
            d: 300 + n,
            pl,
            cx: 'search',
            pos: 1 + (n % 3),
            ...(u === undefined ? {} : { u }),
            ...(n % 2 ? { s: `sessão "${n}"` } : {}),
            cpc: n % 5 ? 57 + n : 0,
            cpm: n % 5 ? 0 : 1500,
            t: 1_763_949_000_000 + n,
            ...(to === undefined ? {} : { to }),
          };
          const written = servedAdPayloads(ad)(ad.pl)(ad);
          expect(written).toBe(JSON.stringify(packServedAd(ad)));
          expect(signer.verify(signer.signPayload(written))).toEqual(ad);
          expect(signer.signPayload(written)).toBe(signer.sign(ad));
        }
      }
    }
  });
});
