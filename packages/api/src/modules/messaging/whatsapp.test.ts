import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bearer, createTestApp, DEMO, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { giveNumber, graphId, randomMobile, signedWebhook, textPayload } from '../../../test/fixtures/whatsapp.ts';
import type { InboundMessage, StatusUpdate, TemplateDecision } from './whatsapp.ts';
import { templateRejection } from './whatsapp-simulator.ts';

let t: TestApp;
let admin: string;
let atacado: string;
let bomPreco: number;
const inbound: InboundMessage[] = [];
const statuses: StatusUpdate[] = [];
const decisions: TemplateDecision[] = [];

const post = (path: string, body: unknown, token = admin) => t.http.post(path).set(bearer(token)).send(body as object);
const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));

function webhook(payload: unknown, signature?: string | null) {
  const { raw, signature: good } = signedWebhook(t, payload);
  const req = t.http.post('/webhooks/whatsapp').set('content-type', 'application/json');
  if (signature !== null) req.set('x-hub-signature-256', signature ?? good);
  return req.send(raw);
}

/** A message to the phone through the service, sent by the simulator (the job's work done here). */
async function sendToPhone(phone: string, text: string, extra: Record<string, unknown> = {}) {
  const row = await t.app.messaging.record({ accountId: bomPreco, to: phone, body: text, dedupKey: `test:${graphId()}`, ...extra });
  return (await t.app.messaging.deliver(row.id))!;
}

beforeAll(async () => {
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' }).whatsapp;
  t = await createTestApp({ whatsapp: { ...base, simulatorDelayMs: 30 } });
  admin = await t.login(DEMO.admin);
  bomPreco = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
  const atacadoId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'bom-preco-atacado' } })).id;
  atacado = (await post('/changeaccount', { account_id: atacadoId })).body.newToken;
  t.app.messaging.onInbound(async (m) => void inbound.push(m));
  t.app.messaging.onStatus(async (u) => void statuses.push(u));
  t.app.messaging.onTemplateDecision(async (d) => void decisions.push(d));
}, 300_000);
afterAll(() => t?.close());

describe('webhook verification handshake', () => {
  it('answers the challenge as text when the mode and token are right', async () => {
    const res = await t.http.get('/webhooks/whatsapp').query({ 'hub.mode': 'subscribe', 'hub.verify_token': t.config.whatsapp.verifyToken, 'hub.challenge': '1158201444' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('1158201444');
  });

  it('refuses a wrong token or mode with 403', async () => {
    const wrong = await t.http.get('/webhooks/whatsapp').query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'errado', 'hub.challenge': '1' });
    expectEnvelope(wrong.body, 'WHATSAPP_VERIFY_TOKEN_INVALID');
    expect(wrong.status).toBe(403);
    const mode = await t.http.get('/webhooks/whatsapp').query({ 'hub.mode': 'unsubscribe', 'hub.verify_token': t.config.whatsapp.verifyToken, 'hub.challenge': '1' });
    expect(mode.status).toBe(403);
  });
});

describe('webhook signature', () => {
  it('stores a signed message and hands it to the handlers once, even when Meta posts it again', async () => {
    const { phoneNumberId } = await giveNumber(t, bomPreco);
    const id = `wamid.sig${graphId()}`;
    const from = randomMobile().slice(1);
    const payload = textPayload(phoneNumberId, from, id, 'Vocês entregam no domingo?');
    const first = await webhook(payload);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ received: true, messages: 1, statuses: 0, templates: 0 });
    const replay = await webhook(payload);
    expect(replay.status).toBe(200);
    await t.drainJobs();
    expect(await t.db.whatsAppInbound.count({ where: { providerMessageId: id } })).toBe(1);
    const handled = inbound.filter((m) => m.providerMessageId === id);
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({ accountId: bomPreco, provider: 'cloud', from: `+${from}`, kind: 'text', text: 'Vocês entregam no domingo?', profileName: 'Cliente Teste', replyTo: null });
  });

  it('refuses a bad signature (403) and a missing one (401), storing nothing', async () => {
    const { phoneNumberId } = await giveNumber(t, bomPreco);
    const id = `wamid.bad${graphId()}`;
    const payload = textPayload(phoneNumberId, randomMobile().slice(1), id, 'Oi');
    const bad = await webhook(payload, `sha256=${'0'.repeat(64)}`);
    expect(bad.status).toBe(403);
    expectEnvelope(bad.body, 'WHATSAPP_SIGNATURE_INVALID');
    const missing = await webhook(payload, null);
    expect(missing.status).toBe(401);
    expectEnvelope(missing.body, 'WHATSAPP_SIGNATURE_MISSING');
    // Signed for another body: the signature covers the exact bytes.
    const other = await webhook(payload, signedWebhook(t, { ...payload, object: 'x' }).signature);
    expect(other.status).toBe(403);
    await t.drainJobs();
    expect(await t.db.whatsAppInbound.count({ where: { providerMessageId: id } })).toBe(0);
  });

  it('takes concurrent posts together: each of 12 messages and their replays stored and handled once', async () => {
    const { phoneNumberId } = await giveNumber(t, bomPreco);
    const ids = Array.from({ length: 12 }, (_, i) => `wamid.many${graphId()}${i}`);
    const payloads = ids.map((id, i) => textPayload(phoneNumberId, randomMobile().slice(1), id, `Mensagem ${i}`));
    // Every message, and a third of them again, all at once.
    const answers = await Promise.all([...payloads, ...payloads.filter((_, i) => i % 3 === 0)].map((p) => webhook(p)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    await t.drainJobs();
    const stored = await t.db.whatsAppInbound.findMany({ where: { providerMessageId: { in: ids } }, select: { providerMessageId: true, handledAt: true } });
    expect(stored.map((r) => r.providerMessageId).sort()).toEqual([...ids].sort());
    expect(stored.every((r) => r.handledAt !== null)).toBe(true);
    const handled = inbound.filter((m) => ids.includes(m.providerMessageId)).map((m) => m.providerMessageId);
    expect(handled.sort()).toEqual([...ids].sort());
  });

  it('queues again a stored message no handler has seen (its job lost), once it is two minutes old', async () => {
    const id = `wamid.lost${graphId()}`;
    const from = randomMobile();
    const at = new Date(Date.now() - 5 * 60_000);
    const row = await t.db.whatsAppInbound.create({
      data: { accountId: bomPreco, provider: 'cloud', providerMessageId: id, from, kind: 'text', text: 'Ainda estão abertos?', sentAt: at, receivedAt: at },
    });
    const fresh = await t.db.whatsAppInbound.create({
      data: { accountId: bomPreco, provider: 'cloud', providerMessageId: `${id}-agora`, from, kind: 'text', text: 'Alô?', sentAt: new Date() },
    });
    expect(await t.app.messaging.sweepInbound()).toBeGreaterThanOrEqual(1);
    await t.drainJobs();
    expect(inbound.filter((m) => m.providerMessageId === id)).toHaveLength(1);
    expect((await t.db.whatsAppInbound.findUniqueOrThrow({ where: { id: row.id } })).handledAt).not.toBeNull();
    // Its job may still be on its way: a message under two minutes old is left to it.
    expect((await t.db.whatsAppInbound.findUniqueOrThrow({ where: { id: fresh.id } })).handledAt).toBeNull();
    // Handled: the next sweep leaves it alone.
    await t.app.messaging.sweepInbound();
    await t.drainJobs();
    expect(inbound.filter((m) => m.providerMessageId === id)).toHaveLength(1);
  });

  it('a job whose handler fails for one message: the others go through and are marked, that phone’s later ones wait with it for the retry', async () => {
    const [a, b] = [randomMobile(), randomMobile()];
    const failing = `wamid.fail${graphId()}`;
    let fail = true;
    t.app.messaging.onInbound(async (m) => {
      if (fail && m.providerMessageId === failing) throw new Error('handler down');
    });
    const rows = [];
    for (const [from, id] of [[a, failing], [a, `${failing}-depois`], [b, `${failing}-outro`]] as const) {
      rows.push(await t.db.whatsAppInbound.create({ data: { accountId: bomPreco, provider: 'cloud', providerMessageId: id, from, kind: 'text', text: id, sentAt: new Date() } }));
    }
    const ids = rows.map((r) => r.id);
    await expect(t.app.messaging.handleInbound(ids)).rejects.toThrow('handler down');
    const handledOf = async () => (await t.db.whatsAppInbound.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } })).map((r) => r.handledAt !== null);
    expect(await handledOf()).toEqual([false, false, true]);
    const seen = () => inbound.filter((m) => [a, b].includes(m.from)).map((m) => m.providerMessageId);
    const before = seen().length;
    fail = false;
    await t.app.messaging.handleInbound(ids);
    expect(await handledOf()).toEqual([true, true, true]);
    // The retry hands over the failing phone's messages in order, and not the other phone's again.
    expect(seen().slice(before)).toEqual([failing, `${failing}-depois`]);
    expect(seen().filter((id) => id === `${failing}-outro`)).toHaveLength(1);
  });

  it('drops messages to a number no account has', async () => {
    const id = `wamid.nobody${graphId()}`;
    const res = await webhook(textPayload('999999999999', randomMobile().slice(1), id, 'Oi'));
    expect(res.status).toBe(200);
    expect(res.body.messages).toBe(0);
    expect(await t.db.whatsAppInbound.count({ where: { providerMessageId: id } })).toBe(0);
  });
});

describe('delivery statuses', () => {
  it('move forward only: read then delivered stays read, failed after read is ignored; handlers hear the resulting status', async () => {
    const phone = randomMobile();
    const sent = await sendToPhone(phone, 'Seu pedido saiu para entrega.');
    expect(sent).toMatchObject({ status: 'sent', provider: 'local' });
    await t.drainJobs(); // the simulator's delivered
    const report = (status: 'read' | 'delivered' | 'failed', error: string | null = null) =>
      t.app.messaging.reportStatuses([{ provider: 'local', providerMessageId: sent.providerMessageId!, status, at: new Date().toISOString(), error }]);
    expect((await t.db.outboundMessage.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe('delivered');
    await report('read');
    await t.drainJobs();
    await t.app.messaging.applyStatuses([{ provider: 'local', providerMessageId: sent.providerMessageId!, status: 'delivered', at: new Date().toISOString(), error: null }]);
    await t.app.messaging.applyStatuses([{ provider: 'local', providerMessageId: sent.providerMessageId!, status: 'failed', at: new Date().toISOString(), error: 'Falhou' }]);
    const row = await t.db.outboundMessage.findUniqueOrThrow({ where: { id: sent.id } });
    expect(row).toMatchObject({ status: 'read', error: null, failedAt: null });
    expect(row.deliveredAt).not.toBeNull();
    expect(row.readAt).not.toBeNull();
    const mine = statuses.filter((s) => s.messageId === sent.id);
    expect(mine.map((s) => [s.reported, s.status])).toEqual([
      ['delivered', 'delivered'],
      ['read', 'read'],
      ['delivered', 'read'],
      ['failed', 'read'],
    ]);
  });

  it('a failure from sent is kept with its error, and a later delivered does not revive it', async () => {
    const sent = await sendToPhone(randomMobile(), 'Promoção de hoje');
    await t.app.messaging.applyStatuses([{ provider: 'local', providerMessageId: sent.providerMessageId!, status: 'failed', at: new Date().toISOString(), error: 'Número sem WhatsApp' }]);
    await t.app.messaging.applyStatuses([{ provider: 'local', providerMessageId: sent.providerMessageId!, status: 'delivered', at: new Date().toISOString(), error: null }]);
    await t.drainJobs();
    expect(await t.db.outboundMessage.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({ status: 'failed', error: 'Número sem WhatsApp' });
  });
});

describe('recording messages', () => {
  it('records many in one statement and answers every id by dedup key, existing ones included', async () => {
    const key = graphId();
    const one = await t.app.messaging.record({ accountId: bomPreco, to: randomMobile(), body: 'a', dedupKey: `bulk:${key}:1` });
    const ids = await t.app.messaging.recordMany(
      [1, 2, 3].map((n) => ({
        accountId: bomPreco,
        to: randomMobile(),
        body: `Olá ${n}`,
        content: { kind: 'template' as const, name: 'oferta_semana', language: 'pt_BR', params: [`${n}`] },
        dedupKey: `bulk:${key}:${n}`,
      })),
    );
    expect(ids.size).toBe(3);
    expect(ids.get(`bulk:${key}:1`)).toBe(one.id);
    const again = await t.app.messaging.recordMany([{ accountId: bomPreco, to: randomMobile(), body: 'x', dedupKey: `bulk:${key}:2` }]);
    expect(again.get(`bulk:${key}:2`)).toBe(ids.get(`bulk:${key}:2`));
    const stored = await t.db.outboundMessage.findUniqueOrThrow({ where: { id: ids.get(`bulk:${key}:3`)! } });
    expect(stored.content).toEqual({ kind: 'template', name: 'oferta_semana', language: 'pt_BR', params: ['3'] });
    expect(t.app.messaging.ratePerSecond).toBe(80);
  });
});

describe('simulator', () => {
  it('a customer writes: stored once per client id, handled, listed, and the thread shows both sides with statuses', async () => {
    const phone = randomMobile();
    const spy = vi.spyOn(t.app.realtime, 'toAccount');
    const first = await post('/api/whatsapp/simulator/messages', { phone, name: 'Maria Souza', text: 'Quero 2kg de tomate', id: 'cli-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ created: true, message: { direction: 'in', kind: 'text', text: 'Quero 2kg de tomate', status: null } });
    const again = await post('/api/whatsapp/simulator/messages', { phone, text: 'Quero 2kg de tomate', id: 'cli-1' });
    expect(again.body).toMatchObject({ created: false, message: { id: first.body.message.id } });
    await t.drainJobs();
    expect(inbound.filter((m) => m.from === phone)).toHaveLength(1);
    expect(inbound.find((m) => m.from === phone)).toMatchObject({ provider: 'local', profileName: 'Maria Souza', kind: 'text' });

    const reply = await sendToPhone(phone, 'Temos sim! Segue o link do carrinho.');
    expect(spy).toHaveBeenCalledWith(bomPreco, 'whatsapp', expect.objectContaining({ type: 'simulator.message', phone, message: expect.objectContaining({ id: `out-${reply.id}`, status: 'sent' }) }));
    await t.drainJobs();
    const thread = await get(`/api/whatsapp/simulator/conversations/${encodeURIComponent(phone)}`);
    expect(thread.status).toBe(200);
    expect(thread.body.name).toBe('Maria Souza');
    // Oldest first: the customer's message, then what was sent to the phone (the chats bot may answer too).
    const lines = thread.body.messages as Array<{ id: string; direction: string; text: string; status: string | null; at: string }>;
    expect(lines[0]).toMatchObject({ direction: 'in', text: 'Quero 2kg de tomate', status: null });
    expect(lines.find((m) => m.id === `out-${reply.id}`)).toMatchObject({ direction: 'out', text: 'Temos sim! Segue o link do carrinho.', status: 'delivered' });
    expect(lines.map((m) => m.at)).toEqual([...lines.map((m) => m.at)].sort());

    const read = await post(`/api/whatsapp/simulator/conversations/${phone.slice(1)}/read`, {});
    expect(read.body.read).toBe(lines.filter((m) => m.direction === 'out').length);
    await t.drainJobs();
    expect((await t.db.outboundMessage.findUniqueOrThrow({ where: { id: reply.id } })).status).toBe('read');

    const list = await get('/api/whatsapp/simulator/conversations?quantity=5');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ phone });
    expect(list.body.meta.total).toBeGreaterThanOrEqual(1);
    spy.mockRestore();
  });

  it('a button pressed answers the template it was sent under (replyTo)', async () => {
    const phone = randomMobile();
    const template = await sendToPhone(phone, 'Oferta da semana', {
      content: { kind: 'template', name: 'oferta_semana', language: 'pt_BR', params: ['Ana'] },
      subjectType: 'messaging_campaign',
      subjectId: 42,
    });
    const res = await post('/api/whatsapp/simulator/messages', { phone, button: { text: 'Quero aproveitar', payload: 'opt_in' } });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ kind: 'button', button: { text: 'Quero aproveitar', payload: 'opt_in' }, reply_to: template.id });
    await t.drainJobs();
    expect(inbound.find((m) => m.from === phone)).toMatchObject({ kind: 'button', replyTo: { messageId: template.id, subjectType: 'messaging_campaign', subjectId: 42 } });
    const thread = await get(`/api/whatsapp/simulator/conversations/${phone.slice(1)}`);
    expect(thread.body.messages[0]).toMatchObject({ kind: 'template', template: { name: 'oferta_semana', language: 'pt_BR', params: ['Ana'] } });
  });

  it("another account sees its own empty thread of a phone, not the owner's", async () => {
    const phone = randomMobile();
    await post('/api/whatsapp/simulator/messages', { phone, text: 'Mensagem só da Bom Preço' });
    const other = await get(`/api/whatsapp/simulator/conversations/${phone.slice(1)}`, atacado);
    expect(other.status).toBe(200);
    expect(other.body.messages).toEqual([]);
    expect(JSON.stringify(other.body)).not.toContain('Mensagem só da Bom Preço');
    const read = await post(`/api/whatsapp/simulator/conversations/${phone.slice(1)}/read`, {}, atacado);
    expect(read.body).toEqual({ read: 0 });
    const list = await get('/api/whatsapp/simulator/conversations', atacado);
    expect(list.body.data.map((c: { phone: string }) => c.phone)).not.toContain(phone);
  });

  it('refuses bad input with 400 naming the field in Portuguese', async () => {
    const none = await post('/api/whatsapp/simulator/messages', { phone: randomMobile() });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('"text"');
    expect(none.body.error.message).toContain('Envie um texto, um botão ou uma mídia');
    const phone = await post('/api/whatsapp/simulator/messages', { phone: '123', text: 'oi' });
    expect(phone.status).toBe(400);
    expect(phone.body.error.message).toContain('"phone"');
    const path = await get('/api/whatsapp/simulator/conversations/abc');
    expect(path.status).toBe(400);
    expect(path.body.error.message).toContain('"phone"');
  });
});

describe('templates through the simulator', () => {
  it('answers pending, then decides: approved, or rejected with the reason', async () => {
    const ok = await t.app.messaging.submitTemplate({ accountId: bomPreco, name: 'boas_vindas', language: 'pt_BR', body: 'Olá {{1}}, seu cupom é {{2}} até domingo.', buttons: ['Quero aproveitar'] });
    expect(ok).toEqual({ status: 'pending', reason: null });
    const bad = await t.app.messaging.submitTemplate({ accountId: bomPreco, name: 'ruim_fim', language: 'pt_BR', body: 'Seu cupom é {{1}}', buttons: [] });
    expect(bad.status).toBe('pending');
    await t.drainJobs();
    expect(decisions.find((d) => d.name === 'boas_vindas')).toEqual({ accountId: bomPreco, name: 'boas_vindas', status: 'approved', reason: null });
    const rejected = decisions.find((d) => d.name === 'ruim_fim');
    expect(rejected).toMatchObject({ status: 'rejected' });
    expect(rejected!.reason).toMatch(/^INVALID_FORMAT: o corpo da mensagem não pode começar nem terminar com uma variável/);
  });

  it("follows Meta's body rules", () => {
    expect(templateRejection('Olá {{1}}, tudo bem?')).toBeNull();
    expect(templateRejection('Olá {{1}}, seu pedido {{2}} chegou. Até logo, {{1}}, obrigado!')).toBeNull();
    expect(templateRejection('{{1}}, sua oferta chegou')).toMatch(/começar nem terminar/);
    expect(templateRejection('Sua oferta chegou, {{1}}.')).toMatch(/começar nem terminar/);
    expect(templateRejection('Olá {{1}} {{2}}, tudo bem?')).toMatch(/lado a lado/);
    expect(templateRejection('Olá {{2}}, seu pedido {{1}} chegou.')).toMatch(/em sequência/);
    expect(templateRejection('Olá {{1}}, seu pedido {{3}} chegou.')).toMatch(/em sequência/);
    expect(templateRejection('Olá {{nome}}, tudo bem?')).toMatch(/não é um número/);
    expect(templateRejection(`Olá ${'a'.repeat(1030)}`)).toMatch(/1024/);
  });
});

describe("the account's Cloud API number", () => {
  it('saves it with a write-only token, and each account sees only its own', async () => {
    const before = await get('/api/whatsapp/number', atacado);
    expect(before.status).toBe(200);
    const body = { phone_number_id: graphId(), waba_id: graphId(), display_phone: '(11) 3456-7890', access_token: 'EAAGsegredo0123456789abcdef' };
    const saved = await t.http.put('/api/whatsapp/number').set(bearer(atacado)).send(body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      provider: 'local',
      number: { phone_number_id: body.phone_number_id, waba_id: body.waba_id, display_phone: '+551134567890', has_access_token: true, updated_at: expect.any(String) },
    });
    expect(JSON.stringify(saved.body)).not.toContain('segredo');
    // The token left out keeps the stored one.
    const kept = await t.http.put('/api/whatsapp/number').set(bearer(atacado)).send({ ...body, access_token: undefined, display_phone: '(11) 3456-7891' });
    expect(kept.body.number).toMatchObject({ has_access_token: true, display_phone: '+551134567891' });
    const owner = await get('/api/whatsapp/number');
    expect(owner.body.number?.phone_number_id).not.toBe(body.phone_number_id);
    const taken = await t.http.put('/api/whatsapp/number').set(bearer(admin)).send(body);
    expect(taken.status).toBe(409);
    expectEnvelope(taken.body, 'WHATSAPP_NUMBER_TAKEN');
    const bad = await t.http.put('/api/whatsapp/number').set(bearer(admin)).send({ ...body, phone_number_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('"phone_number_id"');
  });
});
