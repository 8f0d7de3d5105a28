import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { giveNumber, graphId, randomMobile } from '../../../test/fixtures/whatsapp.ts';
import { startCloudStandin, type CloudStandin } from '../../../test/whatsapp-cloud-standin.ts';
import type { InboundMessage, StatusUpdate, TemplateDecision } from './whatsapp.ts';

const TOKEN = 'EAAGcloudstandintoken0123456789';
let t: TestApp;
let cloud: CloudStandin;
let bomPreco: number;
let number: { phoneNumberId: string; wabaId: string };
const inbound: InboundMessage[] = [];
const statuses: StatusUpdate[] = [];
const decisions: TemplateDecision[] = [];

beforeAll(async () => {
  const base = loadConfig({ ...process.env, NODE_ENV: 'test' }).whatsapp;
  cloud = await startCloudStandin({ token: TOKEN, appSecret: base.appSecret, version: base.apiVersion });
  t = await createTestApp({ whatsapp: { ...base, provider: 'cloud', apiUrl: cloud.url } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  cloud.appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  bomPreco = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
  number = await giveNumber(t, bomPreco, TOKEN);
  t.app.messaging.onInbound(async (m) => void inbound.push(m));
  t.app.messaging.onStatus(async (u) => void statuses.push(u));
  t.app.messaging.onTemplateDecision(async (d) => void decisions.push(d));
}, 300_000);
afterAll(async () => {
  await t?.close();
  await cloud?.close();
});

async function send(content: Parameters<TestApp['app']['messaging']['record']>[0]['content'], body: string, to = randomMobile()) {
  const row = await t.app.messaging.record({ accountId: bomPreco, to, body, content, dedupKey: `cloud:${graphId()}` });
  const sent = (await t.app.messaging.deliver(row.id))!;
  // The request that sent this message (the chats bot may be sending others meanwhile).
  const posted = cloud.sent.get(sent.providerMessageId!)!;
  const request = cloud.requests.find((r) => r.body === posted.body)!;
  return { sent, request, to };
}

describe('WhatsApp Cloud API adapter (against the stand-in)', () => {
  it('sends text to /{version}/{phone_number_id}/messages with the account token, recording the wamid', async () => {
    const { sent, request, to } = await send(undefined, 'Seu pedido saiu para entrega: https://loja.test/p/1');
    expect(request).toMatchObject({ method: 'POST', path: `/${t.config.whatsapp.apiVersion}/${number.phoneNumberId}/messages`, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: to.slice(1),
      type: 'text',
      text: { preview_url: true, body: 'Seu pedido saiu para entrega: https://loja.test/p/1' },
    });
    expect(sent).toMatchObject({ status: 'sent', provider: 'cloud' });
    expect(cloud.sent.has(sent.providerMessageId!)).toBe(true);
  });

  it('sends media by link (document with its file name and caption) and templates with body params and header media', async () => {
    const doc = await send({ kind: 'media', url: 'https://cdn.loja.test/encarte.pdf', mediaType: 'document', filename: 'encarte.pdf', caption: 'Encarte da semana' }, 'Encarte da semana');
    expect(doc.request.body).toMatchObject({ type: 'document', document: { link: 'https://cdn.loja.test/encarte.pdf', filename: 'encarte.pdf', caption: 'Encarte da semana' } });
    const audio = await send({ kind: 'media', url: 'https://cdn.loja.test/a.ogg', mediaType: 'audio', caption: 'ignorada' }, 'Áudio');
    expect(audio.request.body).toMatchObject({ type: 'audio', audio: { link: 'https://cdn.loja.test/a.ogg' } });
    expect((audio.request.body!.audio as Record<string, unknown>).caption).toBeUndefined();
    const tpl = await send(
      { kind: 'template', name: 'oferta_semana', language: 'pt_BR', params: ['Ana', '20%'], media: { url: 'https://cdn.loja.test/oferta.jpg', mediaType: 'image' } },
      'Olá Ana, 20% de desconto',
    );
    expect(tpl.request.body).toMatchObject({
      type: 'template',
      template: {
        name: 'oferta_semana',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.loja.test/oferta.jpg' } }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: '20%' }] },
        ],
      },
    });
    expect(tpl.sent.status).toBe('sent');
  });

  it("records the Graph API's refusal as the message's error and throws (the job retries)", async () => {
    await t.db.whatsAppNumber.update({ where: { accountId: bomPreco }, data: { accessToken: 'EAAGwrongtoken000000000000' } });
    try {
      const row = await t.app.messaging.record({ accountId: bomPreco, to: randomMobile(), body: 'Oi', dedupKey: `cloud:${graphId()}` });
      await expect(t.app.messaging.deliver(row.id)).rejects.toThrow(/401.*Invalid OAuth access token/);
      expect(await t.db.outboundMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'failed', error: expect.stringContaining('Invalid OAuth') });
    } finally {
      await t.db.whatsAppNumber.update({ where: { accountId: bomPreco }, data: { accessToken: TOKEN } });
    }
  });

  it('submits templates to /{version}/{waba_id}/message_templates and hears the decision by webhook', async () => {
    const answer = await t.app.messaging.submitTemplate({
      accountId: bomPreco,
      name: 'cupom_semana',
      language: 'pt_BR',
      body: 'Olá {{1}}, seu cupom {{2}} vale até domingo.',
      buttons: ['Quero aproveitar', 'Não quero mensagens'],
    });
    expect(answer).toEqual({ status: 'pending', reason: null });
    const request = cloud.requests.filter((r) => r.path.endsWith('/message_templates')).at(-1)!;
    expect(request.path).toBe(`/${t.config.whatsapp.apiVersion}/${number.wabaId}/message_templates`);
    expect(request.body).toEqual({
      name: 'cupom_semana',
      language: 'pt_BR',
      category: 'MARKETING',
      components: [
        { type: 'BODY', text: 'Olá {{1}}, seu cupom {{2}} vale até domingo.', example: { body_text: [['exemplo 1', 'exemplo 2']] } },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Quero aproveitar' }, { type: 'QUICK_REPLY', text: 'Não quero mensagens' }] },
      ],
    });
    const res = await cloud.webhook(cloud.templatePayload(number.wabaId, 'cupom_semana', 'REJECTED', 'INVALID_FORMAT'));
    expect(res).toMatchObject({ status: 200, body: { templates: 1 } });
    await t.drainJobs();
    expect(decisions).toContainEqual({ accountId: bomPreco, name: 'cupom_semana', status: 'rejected', reason: 'INVALID_FORMAT' });
  });

  it('round trip: statuses by webhook move the message forward only, and a button reply names the template it answers', async () => {
    const { sent, to } = await send({ kind: 'template', name: 'oferta_semana', language: 'pt_BR', params: ['Ana'] }, 'Olá Ana');
    const wamid = sent.providerMessageId!;
    const at = new Date();
    expect((await cloud.webhook(cloud.statusPayload(number.phoneNumberId, wamid, 'read', { at }))).status).toBe(200);
    await t.drainJobs();
    expect((await cloud.webhook(cloud.statusPayload(number.phoneNumberId, wamid, 'delivered', { at }))).status).toBe(200);
    await t.drainJobs();
    expect(await t.db.outboundMessage.findUniqueOrThrow({ where: { id: sent.id } })).toMatchObject({ status: 'read' });
    expect(statuses.filter((s) => s.messageId === sent.id).map((s) => s.status)).toEqual(['read', 'read']);

    const reply = cloud.messagePayload(number.phoneNumberId, to.slice(1), { button: { text: 'Quero aproveitar', payload: 'opt_in' }, context: wamid }, 'Ana Lima');
    expect((await cloud.webhook(reply.payload)).status).toBe(200);
    expect((await cloud.webhook(reply.payload)).status).toBe(200);
    await t.drainJobs();
    const handled = inbound.filter((m) => m.providerMessageId === reply.id);
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({
      provider: 'cloud',
      from: to,
      profileName: 'Ana Lima',
      kind: 'button',
      text: 'Quero aproveitar',
      button: { text: 'Quero aproveitar', payload: 'opt_in' },
      replyTo: { messageId: sent.id },
    });

    const failed = await send(undefined, 'Oi');
    await cloud.webhook(cloud.statusPayload(number.phoneNumberId, failed.sent.providerMessageId!, 'failed', { error: 'Re-engagement message' }));
    await t.drainJobs();
    expect(await t.db.outboundMessage.findUniqueOrThrow({ where: { id: failed.sent.id } })).toMatchObject({ status: 'failed', error: 'Re-engagement message' });
  });

  it('a forged or unsigned webhook is refused and stores nothing', async () => {
    const msg = cloud.messagePayload(number.phoneNumberId, randomMobile().slice(1), { text: 'forjada' });
    expect((await cloud.webhook(msg.payload, { forge: true })).status).toBe(403);
    expect((await cloud.webhook(msg.payload, { unsigned: true })).status).toBe(401);
    expect(await t.db.whatsAppInbound.count({ where: { providerMessageId: msg.id } })).toBe(0);
  });

  it('stores a customer image with its caption', async () => {
    const msg = cloud.messagePayload(number.phoneNumberId, randomMobile().slice(1), { image: { id: '1479537139650973', caption: 'Minha lista' } });
    await cloud.webhook(msg.payload);
    await t.drainJobs();
    expect(inbound.find((m) => m.providerMessageId === msg.id)).toMatchObject({ kind: 'media', text: 'Minha lista', media: { mediaType: 'image', url: 'whatsapp-media:1479537139650973' } });
  });
});
