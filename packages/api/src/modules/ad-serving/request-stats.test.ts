import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DEMO_API_KEY } from './ad-serving.seed.ts';
import { createRequestStats, OTHER_PLACEMENTS, REQUEST_STATS_MAX_KEYS } from './request-stats.ts';

let t: TestApp;
let publisherId = 0;

beforeAll(async () => {
  t = await createTestApp();
  publisherId = (await t.db.account.findFirstOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
});
afterAll(async () => {
  await t?.close();
});

const rows = () =>
  t.db.rmRequestStat.findMany({ where: { publisherId, placement: { in: ['topo', 'rodape', 'vitrine'] } }, orderBy: [{ placement: 'asc' }] });

describe('decision request counters (opportunity cost)', () => {
  it('counts placements asked, filled and left empty, and ads asked and returned, per placement and hour', async () => {
    await t.db.rmRequestStat.deleteMany({ where: { publisherId } });
    const ask = (term: string) =>
      t.http
        .post(`/v1/rma/${publisherId}`)
        .set({ 'x-api-key': DEMO_API_KEY })
        .send({ context: 'search', term, placements: { topo: { types: ['product'], quantity: 3 }, rodape: { types: ['product'], quantity: 2 } } })
        .expect(200);
    const served = await ask('café');
    await ask('palavra que ninguém compra');
    await t.app.requestStats.flush();
    const got = await rows();
    const returned = (name: string) => (served.body[name] as unknown[]).length;
    const topo = got.find((r) => r.placement === 'topo')!;
    const rodape = got.find((r) => r.placement === 'rodape')!;
    expect(topo).toMatchObject({ context: 'search', requests: 2n, adsRequested: 6n, adsReturned: BigInt(returned('topo')) });
    expect(topo.filled + topo.unfilled).toBe(2n);
    expect(topo.filled).toBe(returned('topo') > 0 ? 1n : 0n);
    expect(rodape).toMatchObject({ requests: 2n, adsRequested: 4n, adsReturned: BigInt(returned('rodape')) });
    expect(topo.hour.getTime() % 3_600_000).toBe(0);

    // A second flush adds to the same rows.
    await ask('palavra que ninguém compra');
    await t.app.requestStats.flush();
    expect((await rows()).find((r) => r.placement === 'topo')!.requests).toBe(3n);
  });

  it('folds placement names beyond the limit into one row instead of growing without bound', async () => {
    const stats = createRequestStats(t.db);
    const at = Date.UTC(2026, 0, 1, 10);
    for (let i = 0; i < REQUEST_STATS_MAX_KEYS + 5; i++) stats.record(publisherId, `p-${i}`, 'home', 1, 0, at);
    await stats.flush();
    const other = await t.db.rmRequestStat.findFirstOrThrow({ where: { publisherId, placement: OTHER_PLACEMENTS, hour: new Date(at) } });
    expect(other.requests).toBe(5n);
    expect(other.unfilled).toBe(5n);
  });
});
