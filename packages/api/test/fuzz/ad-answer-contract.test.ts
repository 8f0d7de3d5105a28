import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adDecisionRoutes, defineRoute } from '@backoffice/contracts';
import { JsonText, route } from '../../src/lib/route.ts';
import errorsPlugin from '../../src/plugins/errors.ts';
import responseContract, { takeResponseContractMismatches } from '../../src/plugins/response-contract.ts';

/**
 * The response-contract check on the ad query's answer (RmaResponse: a key per placement name
 * holding a list of RmaAd, a union by `type`): any placement name passes, each ad is judged by the
 * fields of its own type, and a key its type does not list, a wrong field or a placement that is
 * not a list is a mismatch — as a hot path writes the answer itself (JsonText).
 */
const decide = adDecisionRoutes.decide;
const answerRoute = defineRoute({ ...decide, path: '/t/answer/:publisherId', operationId: 'answer', body: undefined, headers: undefined });

const event = (kind: string) => `https://ads.varejo.test/v1/beacon/${kind}?t=abc`;
const common = {
  ad_id: 11,
  position: 1,
  campaign_id: 5,
  campaign_name: 'Café Aurora: busca',
  seller_id: 3,
  impression_url: event('impression'),
  view_url: event('view'),
  click_url: event('click'),
};
const asset = { url: 'https://ads.varejo.test/media/banner.png', type: 'image', dimension: '728x90' };
const productAd = {
  ...common,
  type: 'product',
  product_sku: 'cafe-aurora-tradicional-500g',
  product_name: 'Café Aurora Tradicional 500 g',
  destination_url: 'https://loja.bompreco.varejo.test/p/cafe',
  media_url: null,
};
const bannerAd = { ...common, ad_id: 12, type: 'banner', media_url: asset.url, asset_type: 'image', assets: [asset], destination_url: null };
const signageAd = { ...common, ad_id: 13, type: 'digital_signage', media_url: asset.url, asset_type: 'video', assets: [{ ...asset, type: 'video' }], duration: 15 };
const ids = { request_id: 'r-1', query_id: 'q-1', query_at: '2026-11-25T18:00:00.000Z' };

let body: unknown;

async function testApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(responseContract);
  route(app, answerRoute, async () => new JsonText(JSON.stringify(body)), { hotPath: true });
  await app.ready();
  return app;
}

describe('response contract of the ad query’s answer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app?.close());

  const answer = async (value: unknown) => {
    body = value;
    const res = await app.inject({ method: 'POST', url: '/t/answer/1' });
    return { status: res.statusCode, issues: takeResponseContractMismatches().map((m) => m.issue) };
  };

  it('passes any placement names, each ad judged by its type, and empty placements', async () => {
    const res = await answer({ ...ids, search_top_product: [productAd], banner_topo: [bannerAd], totem_loja: [signageAd], vazio: [] });
    expect(res).toEqual({ status: 200, issues: [] });
  });

  it('catches a key an ad’s type does not list, even one another type has', async () => {
    expect((await answer({ ...ids, topo: [{ ...productAd, cost_cents: 90 }] })).issues).toEqual(['topo.0.cost_cents: not in the contract']);
    expect((await answer({ ...ids, topo: [{ ...productAd, duration: 15 }] })).issues).toEqual(['topo.0.duration: not in the contract']);
  });

  it('catches an ad missing a field of its type, an unknown type and a placement that is not a list', async () => {
    const { duration: _duration, ...noDuration } = signageAd;
    for (const wrong of [{ topo: [noDuration] }, { topo: [{ ...productAd, type: 'video' }] }, { topo: productAd }, { topo: 'nada' }]) {
      const res = await answer({ ...ids, ...wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(500);
      expect(res.issues, JSON.stringify(wrong)).toHaveLength(1);
    }
    const { query_at: _at, ...noTime } = ids;
    expect((await answer({ ...noTime, topo: [] })).issues).toEqual([expect.stringMatching(/^query_at: /)]);
  });
});
