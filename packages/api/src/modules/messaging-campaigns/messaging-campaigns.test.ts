import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_TEMPLATE_SAMPLE_MESSAGE } from '@backoffice/contracts';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { campaignBody, templateBody } from '../../../test/fixtures/messaging-campaigns.ts';
import { png } from '../ads/ads.fixtures.ts';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

let t: TestApp;
let dataDir: string;
let admin: string;
let operator: string;
let atacado: string;
let bomPreco: number;
let seq = 0;
const unique = (label: string) => `${label}_${randomBytes(3).toString('hex')}_${++seq}`;

const api = (token = admin) => ({
  get: (path: string, query: Record<string, string | number> = {}) => t.http.get(path).query(query).set(bearer(token)),
  post: (path: string, body?: unknown) => t.http.post(path).set(bearer(token)).send(body as object),
  put: (path: string, body: unknown) => t.http.put(path).set(bearer(token)).send(body as object),
  del: (path: string) => t.http.delete(path).set(bearer(token)),
});

/** A template of Bom Preço, approved by the local simulator, or pending or rejected by a decision job of the provider. */
async function template(status: 'approved' | 'pending' | 'rejected' = 'approved', over: Record<string, unknown> = {}) {
  const res = await api().post('/api/messaging-campaign/template', { ...templateBody(unique('oferta')), ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // The simulator's own decision first (a moment later, by its job), then the one the test wants.
  await t.drainJobs();
  if (status !== 'approved') {
    await t.app.queue.add('whatsapp.template', { accountId: bomPreco, name: res.body.name, status, reason: status === 'rejected' ? 'Conteúdo promocional enganoso.' : null });
    await t.drainJobs();
  }
  return (await api().get(`/api/messaging-campaign/template/${res.body.id}`)).body as { id: number; name: string; status: string };
}

function upload(file: Buffer, filename: string, contentType: string, token = admin) {
  const boundary = '----messaging-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/messaging-campaign/upload', headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'messaging-campaigns-test-'));
  t = await createTestApp({ dataDir });
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  const atacadoId = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  admin = await t.login(DEMO.admin);
  operator = await t.login(DEMO.operator);
  atacado = (await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacadoId })).body.newToken;
  // The embedded database (PGlite) is migrated and seeded per file: slow on a loaded machine.
}, 300_000);
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('templates (spec §5)', () => {
  it('creates a template pending the provider, with the default button and line breaks as \\n; the decision comes back by its job', async () => {
    const name = unique('feira');
    const res = await api().post('/api/messaging-campaign/template', { name, message: 'Olá, {{nome}}!\r\nSábado tem feira.\rAproveite.' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name, description: null, message: 'Olá, {{nome}}!\nSábado tem feira.\nAproveite.', buttons: ['Quero aproveitar'], status: 'pending', language: 'pt_BR', campaigns_count: 0 });
    // The local simulator decides a moment later by Meta's rules ({{nome}} goes to it as {{1}}): approved.
    await t.drainJobs();
    const read = await api().get(`/api/messaging-campaign/template/${res.body.id}`);
    expect(read.body).toMatchObject({ status: 'approved', rejection_reason: null });
    expect(read.body.decided_at).not.toBeNull();
  });

  it('shows a rejection with the provider’s text', async () => {
    const rejected = await template('rejected');
    const read = await api().get(`/api/messaging-campaign/template/${rejected.id}`);
    expect(read.body).toMatchObject({ status: 'rejected', rejection_reason: 'Conteúdo promocional enganoso.' });
  });

  it('refuses a name that is missing, has capitals, spaces or accents, with a Portuguese message naming the field', async () => {
    for (const [name, text] of [
      ['', 'Informe o nome do template.'],
      ['Oferta Semana', 'O nome do template aceita apenas letras minúsculas, números e sublinhado (_).'],
      ['promoção', 'O nome do template aceita apenas letras minúsculas, números e sublinhado (_).'],
    ] as const) {
      const res = await api().post('/api/messaging-campaign/template', { ...templateBody(name) });
      expect(res.status).toBe(400);
      const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name', message: text })]));
    }
  });

  it('requires the message (not the sample text) and a button choice', async () => {
    const cases = [
      [{ message: '  \n ' }, 'message', 'Informe o texto da mensagem do template.'],
      [{ message: MESSAGING_TEMPLATE_SAMPLE_MESSAGE }, 'message', 'Troque o texto de exemplo da mensagem pelo texto do seu template.'],
      [{ buttons: [] }, 'buttons', 'Escolha ao menos um botão: "Quero aproveitar" ou "Não quero mensagens".'],
    ] as const;
    for (const [over, field, text] of cases) {
      const res = await api().post('/api/messaging-campaign/template', { ...templateBody(unique('x')), ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(expectEnvelope(res.body).details).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: text })]));
    }
    const other = await api().post('/api/messaging-campaign/template', { ...templateBody(unique('x')), buttons: ['Ligue já'] });
    expect(other.status).toBe(400);
    expect(expectEnvelope(other.body).details![0]!.field).toMatch(/^buttons/);
  });

  it('keeps names unique per account: 409 naming the field; another account may use the same name', async () => {
    const first = await template('pending');
    const again = await api().post('/api/messaging-campaign/template', templateBody(first.name));
    expect(again.status).toBe(409);
    expect(expectEnvelope(again.body, 'MESSAGING_TEMPLATE_NAME_TAKEN').details).toEqual([expect.objectContaining({ field: 'name' })]);
    expect((await api(atacado).post('/api/messaging-campaign/template', templateBody(first.name))).status).toBe(201);
  });

  it('resubmits a changed text (pending again), keeps the approval when only the description changes', async () => {
    const approved = await template('approved');
    const described = await api().put(`/api/messaging-campaign/template/${approved.id}`, { ...templateBody(approved.name), description: 'Nova descrição' });
    expect(described.body).toMatchObject({ status: 'approved', description: 'Nova descrição' });
    const changed = await api().put(`/api/messaging-campaign/template/${approved.id}`, { ...templateBody(approved.name), message: 'Olá, {{nome}}! Outra oferta hoje.' });
    expect(changed.body).toMatchObject({ status: 'pending', decided_at: null });
  });

  it('lists by status and search, and deletes an unused template', async () => {
    const pending = await template('pending');
    const list = await api().get('/api/messaging-campaign/template', { status: 'pending', search: pending.name });
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([pending.id]);
    const seeded = await api().get('/api/messaging-campaign/template', { status: 'rejected', search: 'cupom_relampago' });
    expect(seeded.body.data[0]).toMatchObject({ name: 'cupom_relampago', status: 'rejected' });
    expect(seeded.body.data[0].rejection_reason).toMatch(/Política Comercial/);
    const del = await api().del(`/api/messaging-campaign/template/${pending.id}`);
    expect(del.body).toEqual({ message: 'Template excluído com sucesso.' });
    expect((await api().get(`/api/messaging-campaign/template/${pending.id}`)).status).toBe(404);
  });

  it("answers 404 for another account's template, and refuses a template with campaigns (409)", async () => {
    const mine = await template('approved');
    for (const res of [
      await api(atacado).get(`/api/messaging-campaign/template/${mine.id}`),
      await api(atacado).put(`/api/messaging-campaign/template/${mine.id}`, templateBody(mine.name)),
      await api(atacado).del(`/api/messaging-campaign/template/${mine.id}`),
    ]) {
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'MESSAGING_TEMPLATE_NOT_FOUND');
    }
    await api().post('/api/messaging-campaign', campaignBody(unique('Campanha'), mine.id));
    const del = await api().del(`/api/messaging-campaign/template/${mine.id}`);
    expect(del.status).toBe(409);
    expectEnvelope(del.body, 'MESSAGING_TEMPLATE_HAS_CAMPAIGNS');
  });
});

describe('campaigns', () => {
  it('creates a draft with a pending template; scheduling needs an approved one (422 naming template_id)', async () => {
    const pending = await template('pending');
    const draft = await api().post('/api/messaging-campaign', campaignBody(unique('Rascunho'), pending.id));
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body).toMatchObject({ status: 'draft', template: { id: pending.id, status: 'pending' }, counts: { recipients: 0, sent: 0 } });
    const scheduled = await api().post('/api/messaging-campaign', { ...campaignBody(unique('Agendada'), pending.id), draft: false });
    expect(scheduled.status).toBe(422);
    expect(expectEnvelope(scheduled.body, 'MESSAGING_TEMPLATE_NOT_APPROVED').details).toEqual([expect.objectContaining({ field: 'template_id' })]);
  });

  it('reads dates alone as 00:00 to 23:59 in São Paulo and normalises line breaks', async () => {
    const approved = await template('approved');
    const res = await api().post('/api/messaging-campaign', {
      ...campaignBody(unique('Datas'), approved.id),
      message: 'Linha 1\r\nLinha 2\rLinha 3',
      start_at: '2030-03-10',
      end_at: '2030-03-12',
      draft: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'scheduled', message: 'Linha 1\nLinha 2\nLinha 3', start_at: '2030-03-10T03:00:00.000Z', end_at: '2030-03-13T02:59:59.999Z' });
  });

  it('answers 400 naming the field for a bad audience, period or store', async () => {
    const approved = await template('approved');
    const cases = [
      [{ audience: { type: 'tags' } }, 'audience.tags'],
      [{ audience: { type: 'list' } }, 'audience.customer_ids'],
      [{ audience: { type: 'product' } }, 'audience.product_ids'],
      [{ audience: { type: 'stores' } }, 'location_ids'],
      [{ audience: { type: 'list', phones: ['123'] } }, 'audience.phones.0'],
      [{ start_at: '2030-03-12', end_at: '2030-03-10' }, 'end_at'],
      [{ name: '' }, 'name'],
      [{ location_ids: [99_999_999] }, 'location_ids'],
    ] as const;
    for (const [over, field] of cases) {
      const res = await api().post('/api/messaging-campaign', { ...campaignBody(unique('Ruim'), approved.id), ...over });
      expect(res.status, `${JSON.stringify(over)} ${JSON.stringify(res.body)}`).toBe(400);
      const details = expectEnvelope(res.body).details!;
      expect(details.map((d) => d.field), JSON.stringify(over)).toContain(field);
      expect(details.every((d) => d.message && !/[A-Za-z]+ expected/.test(d.message))).toBe(true);
    }
  });

  it("answers 404 for another account's campaign and template", async () => {
    const approved = await template('approved');
    const mine = (await api().post('/api/messaging-campaign', campaignBody(unique('Minha'), approved.id))).body;
    for (const res of [
      await api(atacado).get(`/api/messaging-campaign/${mine.id}`),
      await api(atacado).put(`/api/messaging-campaign/${mine.id}`, campaignBody('Outra', approved.id)),
      await api(atacado).del(`/api/messaging-campaign/campaign/${mine.id}`),
      await api(atacado).post(`/api/messaging-campaign/cancel/${mine.id}`),
      await api(atacado).get(`/api/messaging-campaign/${mine.id}/dashboard`),
    ]) {
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'MESSAGING_CAMPAIGN_NOT_FOUND');
    }
    const withMine = await api(atacado).post('/api/messaging-campaign', campaignBody('Com template alheio', approved.id));
    expect(withMine.status).toBe(404);
    expectEnvelope(withMine.body, 'MESSAGING_TEMPLATE_NOT_FOUND');
  });

  it('edits before sending, cancels (then 409), deletes; the operator without the module gets 403', async () => {
    const approved = await template('approved');
    const c = (await api().post('/api/messaging-campaign', { ...campaignBody(unique('Editar'), approved.id), draft: false })).body;
    const edited = await api().put(`/api/messaging-campaign/${c.id}`, { ...campaignBody('Editada', approved.id), draft: false });
    expect(edited.body).toMatchObject({ name: 'Editada', status: 'scheduled' });
    const canceled = await api().post(`/api/messaging-campaign/cancel/${c.id}`);
    expect(canceled.body).toMatchObject({ message: 'Campanha cancelada com sucesso.', campaign: { status: 'canceled' } });
    expect(canceled.body.campaign.canceled_at).not.toBeNull();
    const again = await api().post(`/api/messaging-campaign/cancel/${c.id}`);
    expect(again.status).toBe(409);
    expectEnvelope(again.body, 'MESSAGING_CAMPAIGN_NOT_CANCELABLE');
    const edit = await api().put(`/api/messaging-campaign/${c.id}`, campaignBody('Depois', approved.id));
    expect(edit.status).toBe(409);
    expectEnvelope(edit.body, 'MESSAGING_CAMPAIGN_NOT_EDITABLE');
    expect((await api(operator).get('/api/messaging-campaign')).status).toBe(403);
    expect((await api().del(`/api/messaging-campaign/campaign/${c.id}`)).body).toEqual({ message: 'Campanha excluída com sucesso.' });
  });

  it('lists ten per page by default, filtered by status, name and period', async () => {
    const all = await api().get('/api/messaging-campaign');
    expect(all.body.meta).toMatchObject({ page: 1, quantity: 10 });
    const sent = await api().get('/api/messaging-campaign', { status: 'sent', quantity: 50 });
    expect(sent.body.data.length).toBeGreaterThanOrEqual(3);
    for (const c of sent.body.data) expect(c.status).toBe('sent');
    const feira = await api().get('/api/messaging-campaign', { search: 'feira de sábado', quantity: 50 });
    expect(feira.body.data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Feira de sábado', 'Feira de sábado — próxima']));
    const future = await api().get('/api/messaging-campaign', { start_date: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10), quantity: 50 });
    for (const c of future.body.data) expect(Date.parse(c.end_at)).toBeGreaterThan(Date.now());
  });

  it('uploads media (url, type, name) for a campaign; another type is a 400 naming the file', async () => {
    const up = await upload(png(640, 480, 32), 'oferta semana.png', 'image/png');
    expect(up.statusCode, up.body).toBe(201);
    const media = up.json();
    expect(media).toMatchObject({ type: 'image/png', name: 'oferta semana.png' });
    expect(media.url).toMatch(new RegExp(`^/uploads/${bomPreco}/`));
    const approved = await template('approved');
    const c = await api().post('/api/messaging-campaign', { ...campaignBody(unique('Mídia'), approved.id), media_url: media.url, media_name: media.name });
    expect(c.body).toMatchObject({ media_url: media.url, media_type: 'image/png', media_name: 'oferta semana.png' });
    const bad = await upload(Buffer.from('not an image at all, just text'), 'x.png', 'image/png');
    expect(bad.statusCode).toBe(400);
    expect(expectEnvelope(bad.json(), 'VALIDATION_ERROR').details).toEqual([expect.objectContaining({ field: 'file', message: 'Envie JPEG, PNG, MP4 ou PDF.' })]);
    const foreign = await api().post('/api/messaging-campaign', { ...campaignBody(unique('Alheia'), approved.id), media_url: '/uploads/999/x.png' });
    expect(foreign.status).toBe(400);
    expect(expectEnvelope(foreign.body).details).toEqual([expect.objectContaining({ field: 'media_url' })]);
  });
});

describe('dashboards', () => {
  it('shows every campaign per day over the period, with totals that are the days’ sums (seeded history)', async () => {
    const res = await api().get('/api/messaging-campaign/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.campaigns).toBeGreaterThanOrEqual(3);
    for (const k of ['sent', 'delivered', 'read', 'replied', 'opted_out', 'failed'] as const) {
      expect(res.body.totals[k]).toBe(res.body.days.reduce((s: number, d: Record<string, number>) => s + d[k]!, 0));
    }
    expect(res.body.totals.sent).toBeGreaterThan(res.body.totals.read);
    expect(res.body.totals.read).toBeGreaterThan(res.body.totals.replied);
    const bad = await api().get('/api/messaging-campaign/dashboard', { start_date: '2026-05-10', end_date: '2026-05-01' });
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body).details).toEqual([expect.objectContaining({ field: 'end_date' })]);
  });

  it("gives one campaign's funnel, and counts the orders its recipients placed within 7 days of their message", async () => {
    const list = await api().get('/api/messaging-campaign', { search: 'Ofertas da semana — início do mês' });
    const seeded = list.body.data[0];
    const res = await api().get(`/api/messaging-campaign/${seeded.id}/dashboard`);
    expect(res.status).toBe(200);
    const f = res.body.funnel;
    expect(f.recipients).toBeGreaterThan(50);
    expect(f.sent).toBeGreaterThanOrEqual(f.delivered);
    expect(f.delivered).toBeGreaterThanOrEqual(f.read);
    expect(f.read).toBeGreaterThanOrEqual(f.replied + f.opted_out);
    expect(res.body.days.reduce((s: number, d: { sent: number }) => s + d.sent, 0)).toBe(f.sent);
    // An order of one of its recipients, 2 days after the message: counted once; 10 days after: not.
    const recipient = await t.db.messagingCampaignRecipient.findFirst({ where: { campaignId: seeded.id, sentAt: { not: null } }, select: { customerId: true, sentAt: true } });
    const template = await t.db.order.findFirst({ where: { accountId: bomPreco }, select: { locationId: true, channel: true, fulfilment: true } });
    const place = (after: number, totalCents: bigint) =>
      t.db.order.create({
        data: {
          accountId: bomPreco, number: 900_000 + ++seq, customerId: recipient!.customerId, locationId: template!.locationId, channel: template!.channel, fulfilment: template!.fulfilment,
          status: 'delivered', totalCents, createdAt: new Date(recipient!.sentAt!.getTime() + after * DAY),
        },
      });
    await place(2, 12_345n);
    await place(10, 99_999n);
    const after = (await api().get(`/api/messaging-campaign/${seeded.id}/dashboard`)).body.funnel;
    expect(after.orders).toBe(f.orders + 1);
    expect(after.orders_total).toBeCloseTo(f.orders_total + 123.45, 2);
  });
});

describe('notification templates (/api/notification/templates)', () => {
  it('creates one per event, updates it by the body’s id, deletes it; another account gets 404', async () => {
    const existing = (await api().get('/api/notification/templates', { event: 'order_picking' })).body.data;
    for (const e of existing) await api().del(`/api/notification/templates/${e.id}`);
    const created = await api().post('/api/notification/templates', { event: 'order_picking', name: 'Em separação', message: 'Oi, {{nome}}!\r\nSeu pedido {{pedido}} está sendo separado.' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ event: 'order_picking', active: true, message: 'Oi, {{nome}}!\nSeu pedido {{pedido}} está sendo separado.' });
    const twice = await api().post('/api/notification/templates', { event: 'order_picking', name: 'Outro', message: 'x' });
    expect(twice.status).toBe(409);
    expect(expectEnvelope(twice.body, 'NOTIFICATION_TEMPLATE_EVENT_TAKEN').details).toEqual([expect.objectContaining({ field: 'event' })]);
    const updated = await api().put('/api/notification/templates', { id: created.body.id, event: 'order_picking', name: 'Separando', message: 'Separando o pedido {{pedido}}.', active: false });
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Separando', active: false });
    expect((await api(atacado).put('/api/notification/templates', { id: created.body.id, event: 'order_picking', name: 'Alheio', message: 'y' })).status).toBe(404);
    expect((await api(atacado).del(`/api/notification/templates/${created.body.id}`)).status).toBe(404);
    const empty = await api().post('/api/notification/templates', { event: 'order_ready', name: 'Pronto', message: '   ' });
    expect(expectEnvelope(empty.body).details).toEqual([expect.objectContaining({ field: 'message', message: 'Informe o texto da mensagem da notificação.' })]);
    expect((await api().del(`/api/notification/templates/${created.body.id}`)).body).toEqual({ message: 'Template de notificação excluído com sucesso.' });
    const seeded = (await api().get('/api/notification/templates')).body.data.map((n: { event: string }) => n.event);
    expect(seeded).toEqual(expect.arrayContaining(['order_paid', 'order_out_for_delivery', 'order_delivered']));
  });
});

describe('sending through the WhatsApp channel (job, simulator, webhook path)', () => {
  it('dispatches a due campaign to its opted-in audience once; statuses and the opt-out button come back', async () => {
    const tag = unique('mc');
    const make = (name: string, phone: string, optIn: boolean) => t.db.customer.create({ data: { accountId: bomPreco, name, phone, tags: [tag], optIn, optInAt: optIn ? new Date() : null }, select: { id: true } });
    const digits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const ana = await make('Ana Lima', `+55119${digits()}`, true);
    const bruno = await make('Bruno Reis', `+55119${digits()}`, true);
    const carla = await make('Carla Dias', `+55119${digits()}`, false);
    const approved = await template('approved');
    const res = await api().post('/api/messaging-campaign', { ...campaignBody(unique('Agora'), approved.id), audience: { type: 'tags', tags: [tag] }, start_at: iso(-0.01), end_at: iso(1), draft: false });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await t.drainJobs();
    const rows = await t.db.messagingCampaignRecipient.findMany({ where: { campaignId: res.body.id }, orderBy: { customerId: 'asc' }, select: { customerId: true, status: true, messageId: true } });
    expect(rows.map((r) => r.customerId)).toEqual([ana.id, bruno.id]);
    const messages = await t.db.outboundMessage.findMany({ where: { accountId: bomPreco, dedupKey: { startsWith: `messaging_campaign:${res.body.id}:` } }, select: { id: true, customerId: true, body: true, status: true, content: true } });
    expect(messages).toHaveLength(2);
    expect(messages.find((m) => m.customerId === ana.id)).toMatchObject({ body: expect.stringContaining('Olá, Ana!'), content: { kind: 'template', name: approved.name, params: ['Ana'] } });
    // The simulator reports each message delivered.
    for (const r of rows) expect(r.status).toBe('delivered');
    const campaign = (await api().get(`/api/messaging-campaign/${res.body.id}`)).body;
    expect(campaign).toMatchObject({ status: 'sent', counts: { recipients: 2, sent: 2, delivered: 2, pending: 0 } });
    // Bruno presses "Não quero mensagens" under his message: out at once.
    const brunoMessage = messages.find((m) => m.customerId === bruno.id)!;
    const brunoPhone = (await t.db.customer.findUniqueOrThrow({ where: { id: bruno.id }, select: { phone: true } })).phone!;
    const press = await api().post('/api/whatsapp/simulator/messages', { phone: brunoPhone, button: { text: 'Não quero mensagens' }, reply_to: brunoMessage.id });
    expect(press.status, JSON.stringify(press.body)).toBe(201);
    await t.drainJobs();
    expect(await t.db.customer.findUniqueOrThrow({ where: { id: bruno.id }, select: { optIn: true } })).toEqual({ optIn: false });
    expect((await api().get(`/api/messaging-campaign/${res.body.id}`)).body.counts).toMatchObject({ opted_out: 1 });
    void carla;
  });
});
