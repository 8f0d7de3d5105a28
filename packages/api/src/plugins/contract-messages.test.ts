import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES, contractMessageIn, contractMessageOf, messageLookup, msg, type ContractMessageKey } from '@backoffice/contracts';
import { detailMessages } from '../i18n/messages.ts';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let token = '';
const ids = { bomPreco: 0, wallet: 0 };

beforeAll(async () => {
  t = await createTestApp();
  ids.bomPreco = (await t.db.account.findFirstOrThrow({ where: { slug: 'supermercado-bom-preco' }, select: { id: true } })).id;
  ids.wallet = (await t.db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId: ids.bomPreco, advertiserId: ids.bomPreco } } })).id;
  token = await t.login(DEMO.admin);
});
afterAll(async () => {
  await t?.close();
});

const EN = { 'accept-language': 'en-US,en;q=0.9' };
const cases: Array<[string, (lang: Record<string, string>) => Promise<{ status: number; body: unknown }>, string, string, string | RegExp]> = [
  [
    'a refinement with a parameter (a repeated SKU)',
    (lang) =>
      t.http
        .post('/api/promotion/evaluate')
        .set({ ...bearer(token), ...lang })
        .send({ items: [{ sku: 'CAFE-1', quantity: 1, unit_price: 1 }, { sku: 'CAFE-1', quantity: 2, unit_price: 1 }] }),
    'items.1.sku',
    'O SKU "CAFE-1" aparece mais de uma vez.',
    'SKU "CAFE-1" appears more than once.',
  ],
  [
    'a shared query rule (an end date before the start)',
    (lang) => t.http.get('/api/promotion').query({ start_date: '2026-03-10', end_date: '2026-03-01' }).set({ ...bearer(token), ...lang }),
    'end_date',
    'A data final deve ser igual ou posterior à inicial.',
    'The end date must be the same as or later than the start date.',
  ],
  [
    'a rule checked against a catalogue (an audience operator), its Portuguese label left out in English',
    (lang) =>
      t.http
        .post('/audience')
        .set({ ...bearer(token), ...lang })
        .send({ publisher_id: ids.bomPreco, name: 'Cidades', visibility: 'global', rules: [{ attribute: 'city', operator: 'between', value: [1, 2] }] }),
    'rules.0.operator',
    'Operador não permitido para "Cidade": use ',
    /^Operator not allowed for this attribute: use [a-z_, ]+\.$/,
  ],
  [
    "a message written on one of zod's own checks (an enum): the contract's words, not zod's",
    (lang) =>
      t.http
        .post('/audience')
        .set({ ...bearer(token), ...lang })
        .send({ publisher_id: ids.bomPreco, name: 'Cidades', visibility: 'todos', rules: [{ attribute: 'city', operator: 'in', value: ['Recife'] }] }),
    'visibility',
    msg('AUDIENCE_VISIBILITY'),
    CONTRACT_MESSAGES.AUDIENCE_VISIBILITY.en,
  ],
  [
    'a header a module checks with the contract (Idempotency-Key)',
    (lang) => t.http.post(`/api/wallet/${ids.wallet}/recharge`).set({ ...bearer(token), ...lang, 'idempotency-key': 'curta' }).send({ amount: 10 }),
    'Idempotency-Key',
    'O cabeçalho Idempotency-Key deve ter de 8 a 128 letras, números, "_" ou "-".',
    'The Idempotency-Key header must have 8 to 128 letters, digits, "_" or "-".',
  ],
  [
    'a detail a module writes itself (a report period too long)',
    (lang) => t.http.get('/report/daily_consolidation').query({ start_date: '2024-01-01', end_date: '2025-01-01' }).set({ ...bearer(token), ...lang }),
    'start_date',
    'o período pode ter no máximo 366 dias.',
    'the period can be at most 366 days long.',
  ],
];

describe('contract-authored validation messages in the request language', () => {
  it.each(cases)('%s: pt-BR by default, English with Accept-Language: en', async (_, send, field, pt, en) => {
    const ptRes = await send({});
    expect(ptRes.status).toBe(400);
    const ptError = expectEnvelope(ptRes.body, 'VALIDATION_ERROR');
    const ptDetail = ptError.details?.find((d) => d.field === field);
    expect(ptDetail?.message.startsWith(pt), JSON.stringify(ptError)).toBe(true);
    expect(ptError.message).toContain(`"${field}"`);

    const enRes = await send(EN);
    expect(enRes.status).toBe(400);
    const enError = expectEnvelope(enRes.body, 'VALIDATION_ERROR');
    const enDetail = enError.details?.find((d) => d.field === field);
    if (typeof en === 'string') expect(enDetail?.message).toBe(en);
    else expect(enDetail?.message).toMatch(en);
    expect(enError.message).toBe(`Invalid data in "${field}": ${enDetail?.message}`);
  });
});

describe('the message catalogues', () => {
  const keys = Object.keys(CONTRACT_MESSAGES) as ContractMessageKey[];
  const sample = { label: 'Cidade', operators: 'eq, neq', days: 92, sku: 'X-1', type: 'coupon', frames: '1920x1080, 1280x720' };

  it('finds each message back from its pt-BR text, and words it in English', () => {
    for (const key of keys) {
      const text = msg(key, sample);
      expect(contractMessageOf(text)?.key, key).toBe(key);
      const english = contractMessageIn(text, 'en')!;
      expect(english, key).not.toBe(text);
      expect(english, key).not.toMatch(/[ãõçâêôáéíóú]|\{\w+\}/);
      expect(contractMessageIn(text, 'pt-BR'), key).toBe(text);
    }
  });

  it('words each detail the modules write in English, found back from its pt-BR text', () => {
    const lookup = messageLookup(detailMessages);
    for (const [key, entry] of Object.entries(detailMessages)) {
      const text = entry['pt-BR'].replace(/\{(\w+)\}/g, '12');
      expect(lookup.of(text)?.key, key).toBe(key);
      expect(contractMessageOf(text), key).toBeUndefined();
      expect(lookup.in(text, 'en'), key).not.toMatch(/[ãõçâêôáéíóú]|\{\w+\}/);
    }
  });

  it('leaves any other text alone', () => {
    expect(contractMessageOf('Campo obrigatório.')).toBeUndefined();
    expect(contractMessageIn('The password must have at least 8 characters, with letters and digits.', 'en')).toBeUndefined();
  });
});
