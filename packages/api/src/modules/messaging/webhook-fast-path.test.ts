import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { expectSameHeaders, fastPathServer } from '../../../test/fast-path-server.ts';
import { giveNumber, graphId, randomMobile, textPayload } from '../../../test/fixtures/whatsapp.ts';
import { APP_SECURITY_HEADERS, CORS_EXPOSED_HEADERS } from '../../plugins/security.ts';
import { createWebhookFastPath } from './webhook-fast-path.ts';
import { signWebhook } from './whatsapp-webhook.ts';

let t: TestApp;
let phoneNumberId = '';

beforeAll(async () => {
  t = await createTestApp();
  const bomPreco = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
  ({ phoneNumberId } = await giveNumber(t, bomPreco));
});
afterAll(() => t?.close());

const PATH = '/webhooks/whatsapp';
const message = () => textPayload(phoneNumberId, randomMobile().slice(1), `wamid.fast${graphId()}`, 'Vocês têm pão de queijo?');
const statuses = () => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: phoneNumberId }, statuses: [{ id: `wamid.st${graphId()}`, status: 'delivered', timestamp: '1764201600', recipient_id: '5511999990000' }] } }] }],
});

describe('the WhatsApp webhook fast path', () => {
  // First: the statuses case below leaves retries of its unknown message waiting, which drainJobs would wait out.
  it('stores a message it answers once, and hands it to the handlers', async () => {
    const payload = message();
    const raw = JSON.stringify(payload);
    const id = payload.entry[0]!.changes[0]!.value.messages[0]!.id;
    const res = await t.http.post(PATH).set({ 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(raw, t.config.whatsapp.appSecret) }).send(raw);
    expect(res.body).toEqual({ received: true, messages: 1, statuses: 0, templates: 0 });
    await t.drainJobs();
    const stored = await t.db.whatsAppInbound.findMany({ where: { providerMessageId: id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.handledAt).not.toBeNull();
  });

  type Case = { name: string; raw: () => string; headers?: Record<string, string>; signature?: 'none' | 'bad' };
  const cases: Case[] = [
    { name: 'a customer’s message', raw: () => JSON.stringify(message()) },
    { name: 'delivery statuses', raw: () => JSON.stringify(statuses()) },
    { name: 'a message with a charset and its request id', raw: () => JSON.stringify(message()), headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'meta-0123456789' } },
    { name: 'a notification of no number of ours', raw: () => JSON.stringify(textPayload('000111', '5511988887777', `wamid.x${graphId()}`, 'Oi')) },
    { name: 'a missing signature (401)', raw: () => JSON.stringify(message()), signature: 'none' },
    { name: 'a bad signature (403)', raw: () => JSON.stringify(message()), signature: 'bad' },
    { name: 'a body that is not JSON', raw: () => '{"object":' },
    { name: 'a body with __proto__', raw: () => '{"object":"whatsapp_business_account","__proto__":{"x":1},"entry":[]}' },
    { name: 'an entry that is not a list (400 naming it)', raw: () => '{"object":"whatsapp_business_account","entry":{}}' },
    { name: 'a text with a NUL', raw: () => JSON.stringify({ ...message(), object: 'whats\u0000app' }) },
    { name: 'a text body', raw: () => JSON.stringify(message()), headers: { 'content-type': 'text/plain' } },
    { name: 'a call from a page', raw: () => JSON.stringify(message()), headers: { origin: 'https://loja.example' } },
  ];

  it.each(cases)('answers $name as the Fastify route does', async ({ raw: make, headers = {}, signature }) => {
    const raw = make();
    const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
    if (signature !== 'none') all['x-hub-signature-256'] = signature === 'bad' ? `sha256=${'0'.repeat(64)}` : signWebhook(raw, t.config.whatsapp.appSecret);
    const served = await t.http.post(PATH).set(all).send(raw);
    // inject() goes straight to Fastify, never through the HTTP server and its fast paths (the message is a replay there: stored once).
    const routed = await t.app.inject({ method: 'POST', url: PATH, headers: all, payload: raw });
    expect(served.status).toBe(routed.statusCode);
    expect(Number(served.headers['content-length'])).toBe(Buffer.byteLength(served.text));
    expectSameHeaders(served.headers, routed.headers, { requestIdGiven: Boolean(headers['x-request-id']), varying: ['content-length'] });
    if (routed.statusCode === 200) expect(JSON.parse(served.text)).toEqual(JSON.parse(routed.body));
    else {
      const { requestId: _a, ...servedError } = JSON.parse(served.text) as { requestId: string };
      const { requestId: _b, ...routedError } = JSON.parse(routed.body) as { requestId: string };
      expect(servedError).toEqual(routedError);
    }
  });

  describe('on its own, before a stand-in for the app', () => {
    const secret = 'segredo-do-app';
    let calls: Array<{ signature: string | undefined; raw: string }> = [];
    let fail = false;
    let server: Awaited<ReturnType<typeof fastPathServer>>;
    beforeAll(async () => {
      const fastPath = createWebhookFastPath({
        whatsapp: {
          webhook: async (signature, raw) => {
            calls.push({ signature, raw });
            if (fail) throw new Error('banco fora do ar');
            return { received: true, messages: 1, statuses: 0, templates: 0 };
          },
        },
        securityHeaders: APP_SECURITY_HEADERS,
        exposedHeaders: CORS_EXPOSED_HEADERS,
        parseJson: (text) => JSON.parse(text),
        bodyLimit: 1024,
        appSecret: secret,
      });
      server = await fastPathServer(fastPath);
    });
    afterAll(() => server?.close());

    const raw = '{"object":"whatsapp_business_account","entry":[]}';
    const signed = { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(raw, secret) };

    it('answers a signed notification itself, with the app’s security headers', async () => {
      calls = [];
      const res = await server.http.post(PATH).set(signed).send(raw);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, messages: 1, statuses: 0, templates: 0 });
      expect(res.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(calls).toEqual([{ signature: signed['x-hub-signature-256'], raw }]);
    });

    it('hands on at once, body unread, what its line or headers rule out', async () => {
      calls = [];
      const answers = await Promise.all([
        server.http.get(PATH).query({ 'hub.mode': 'subscribe' }),
        server.http.post(`${PATH}?x=1`).set(signed).send(raw),
        server.http.post(PATH).set({ 'content-type': 'application/json' }).send(raw),
        server.http.post(PATH).set({ ...signed, 'content-type': 'text/plain' }).send(raw),
        server.http.post(PATH).set({ ...signed, origin: 'https://loja.example' }).send(raw),
        server.http.post(PATH).set(signed).send(`{"object":"${'x'.repeat(2000)}"}`),
      ]);
      expect(answers.map((r) => r.status)).toEqual([298, 298, 298, 298, 298, 298]);
      expect(calls).toEqual([]);
    });

    it('hands on with the body it read what it cannot answer: a bad signature, bad JSON, a body the schema words, a store that failed', async () => {
      calls = [];
      const bad = await server.http.post(PATH).set({ ...signed, 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` }).send(raw);
      const notJson = '{"object":';
      const broken = await server.http.post(PATH).set({ ...signed, 'x-hub-signature-256': signWebhook(notJson, secret) }).send(notJson);
      const listless = '{"entry":{}}';
      const worded = await server.http.post(PATH).set({ ...signed, 'x-hub-signature-256': signWebhook(listless, secret) }).send(listless);
      expect([bad.status, broken.status, worded.status]).toEqual([299, 299, 299]);
      expect(calls).toEqual([]);
      fail = true;
      const failed = await server.http.post(PATH).set(signed).send(raw);
      fail = false;
      expect(failed.status).toBe(299);
      expect(calls).toHaveLength(1);
    });
  });
});
