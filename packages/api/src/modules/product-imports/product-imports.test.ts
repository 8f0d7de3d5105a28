import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { csvRecords, decodeText, detectSeparator, fileKindOf, headerKey, parseCsv } from './import-file.ts';
import { checkRow, parseMoneyCents, validGtin, type StoreIndex } from './import-row.ts';
import { createProductImportsRepo } from './product-imports.repo.ts';
import { runImport, IMPORT_CHUNK } from './product-imports.jobs.ts';

let t: TestApp;
let adminToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;
/** Store ids of the owner account by external id. */
const store = new Map<string, number>();
let seq = 0;
const sku = (label: string) => `IMP-${label}-${++seq}`;

/** A multipart/form-data upload through inject (the whole body known: an early answer never races the sender). */
function upload(file: Buffer, filename = 'produtos.csv', contentType = 'text/csv', token = adminToken, field = 'file') {
  const boundary = '----import-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/product/import',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
const getImport = (id: number, token = adminToken) => t.http.get(`/api/product/import/${id}`).set(bearer(token));
const integrate = (items: unknown[], key?: string, token = adminToken) => {
  const req = t.http.post('/api/integration/products').set(bearer(token));
  return (key ? req.set('idempotency-key', key) : req).send({ items });
};
const product = (s: string, accountId = bomPreco) => t.db.product.findUnique({ where: { accountId_sku: { accountId, sku: s } } });
const offerOf = async (s: string, locationId: number) => {
  const p = await product(s);
  return p ? t.db.offer.findUnique({ where: { locationId_productId: { locationId, productId: p.id } } }) : null;
};

/** Uploads, runs the job to its end, and reads the import. */
async function importFile(file: Buffer, filename?: string, contentType?: string) {
  const res = await upload(file, filename, contentType);
  expect(res.statusCode, res.body).toBe(202);
  await t.drainJobs();
  const read = await getImport(res.json().import.id);
  expect(read.status).toBe(200);
  return read.body;
}

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  for (const l of await t.db.location.findMany({ where: { accountId: bomPreco }, select: { id: true, externalId: true } })) {
    if (l.externalId) store.set(l.externalId, l.id);
  }
  adminToken = await t.login(DEMO.admin);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(() => t?.close());

describe('reading a file', () => {
  it('reads reais written either way, and refuses what is not money', () => {
    expect(parseMoneyCents('12,90')).toBe(1290);
    expect(parseMoneyCents('12.90')).toBe(1290);
    expect(parseMoneyCents('R$ 1.234,56')).toBe(123456);
    expect(parseMoneyCents('1,234.56')).toBe(123456);
    expect(parseMoneyCents('1.000.000')).toBe(100_000_000);
    expect(parseMoneyCents(7)).toBe(700);
    expect(parseMoneyCents(12.9)).toBe(1290);
    for (const bad of ['12,999', 'doze', '-1', '1,2,3', '', 12.345, -3]) expect(parseMoneyCents(bad), String(bad)).toBeUndefined();
  });

  it('checks GTIN check digits (8, 12, 13 and 14 digits)', () => {
    expect(validGtin('7891000100103')).toBe(true);
    expect(validGtin('7891000100104')).toBe(false);
    expect(validGtin('96385074')).toBe(true);
    expect(validGtin('036000291452')).toBe(true);
    expect(validGtin('17891000100100')).toBe(true);
    expect(validGtin('789100010010')).toBe(false);
  });

  it('detects the separator, keeps quoted fields whole and falls back to Latin-1', () => {
    expect(detectSeparator('sku;nome;preco\n1;"a,b";2')).toBe(';');
    expect(detectSeparator('sku,nome,"preço;x"\n')).toBe(',');
    const records = [...csvRecords('a;b\r\n"x;1";"dois\nlinhas"\r\n"aspas ""ok""";3\n', ';')];
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x;1', 'dois\nlinhas'] },
      { line: 4, fields: ['aspas "ok"', '3'] },
    ]);
    expect(decodeText(Buffer.from('Pre\xe7o', 'latin1'))).toBe('Preço');
    expect(decodeText(Buffer.from('\uFEFFPreço', 'utf8')).replace(/^\uFEFF/, '')).toBe('Preço');
    expect(headerKey(' Preço Promocional* ')).toBe('preco_promocional');
    for (const header of ['Custo', 'cost', 'Custo Unitário', 'Preço de Custo', 'preco_custo']) {
      expect(parseCsv(Buffer.from(`sku;nome;preco;${header}\nA;B;2;1,5\n`)), header).toEqual([{ line: 2, cells: { sku: 'A', name: 'B', price: '2', cost: '1,5' } }]);
    }
    expect(parseCsv(Buffer.from('sep=,\nsku,nome,preco\nA;1,B,"2,5"\n'))).toEqual([{ line: 3, cells: { sku: 'A;1', name: 'B', price: '2,5' } }]);
  });

  it('reads Portuguese and English headers in any case, with or without accents', () => {
    const rows = parseCsv(Buffer.from('\uFEFFSKU,Name,PREÇO,Disponível,Loja,Coluna Extra\r\nA1,Arroz,"12,90",sim,LJ001,x\r\n\r\nA2,Feijão,8.5,não,,y', 'utf8'));
    expect(rows).toEqual([
      { line: 2, cells: { sku: 'A1', name: 'Arroz', price: '12,90', is_available: 'sim', store: 'LJ001' } },
      { line: 4, cells: { sku: 'A2', name: 'Feijão', price: '8.5', is_available: 'não', store: '' } },
    ]);
  });

  it('names each refused field in Portuguese, and keeps a line without a store to the product', () => {
    const stores: StoreIndex = { byExternalId: new Map([['LJ001', 1]]), ids: new Set([1]) };
    const check = (cells: Record<string, unknown>) => checkRow({ line: 2, cells: { sku: 'X1', name: 'Arroz', price: '10', ...cells } as never }, stores, 'file');
    const reason = (cells: Record<string, unknown>) => {
      const r = check(cells);
      return r.ok ? undefined : r.rejected.reason;
    };
    expect(reason({ price: 'dez' })).toBe('preco: valor inválido');
    expect(reason({ name: '' })).toBe('nome: obrigatório');
    expect(reason({ gtin: '7891000100104' })).toBe('gtin: dígito verificador inválido');
    expect(reason({ store: 'LJ999' })).toBe('loja: loja não encontrada nesta conta');
    expect(reason({ unit_measurement: 'caixa' })).toBe('unidade: use un, kg, g ou l');
    for (const bad of ['-1', 'doze', '12,345', '1.000.000,01']) expect(reason({ cost: bad }), bad).toBe('custo: valor inválido');
    const costed = (cost: unknown) => {
      const r = check({ cost });
      return r.ok ? r.row.product : undefined;
    };
    expect(costed('12,34')).toEqual({ name: 'Arroz', priceCents: 1000, costCents: 1234 });
    expect(costed('12.34')?.costCents).toBe(1234);
    expect(costed('R$ 1.000.000,00')?.costCents).toBe(100_000_000);
    expect(costed('0')?.costCents).toBe(0);
    expect(costed('')?.costCents).toBeNull();
    expect(costed(' ')).toEqual({ name: 'Arroz', priceCents: 1000, costCents: null });
    expect(reason({ store: 'LJ001', promotional_price: '12' })).toBe('preco_promocional: deve ser menor que o preço da loja (preco)');
    expect(reason({ store: 'LJ001', promotional_price: '8', promotion_start_at: '10/12/2026', promotion_end_at: '01/12/2026' })).toBe(
      'fim_promocao: deve ser depois de inicio_promocao',
    );
    const ok = check({ store: '', store_price: '9', brand: '' });
    expect(ok.ok && ok.row).toEqual({ line: 2, sku: 'X1', product: { name: 'Arroz', priceCents: 1000, brand: null } });
    // In the API's naming, the reason names the field.
    const api = checkRow({ line: 1, cells: { sku: 'X1', name: 'Arroz', price: 10, cost: -1 } }, stores, 'api');
    expect(!api.ok && api.rejected.reason).toBe('cost: valor inválido');
    const offer = check({ store: '1', promotional_price: '8', promotion_start_at: '01/12/2026', promotion_end_at: '2026-12-15' });
    expect(offer.ok && offer.row.offer).toEqual({
      locationId: 1,
      promotionalPriceCents: 800,
      promotionStartAt: new Date('2026-12-01T03:00:00.000Z'),
      promotionEndAt: new Date('2026-12-16T02:59:59.999Z'),
    });
  });

  it('tells a spreadsheet from a text file and refuses anything else', () => {
    expect(fileKindOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]), 'x.xlsx')).toBe('xlsx');
    expect(fileKindOf(Buffer.from('sku;nome;preco'), 'x.csv')).toBe('csv');
    expect(() => fileKindOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), 'x.png')).toThrow();
  });
});

describe('CSV import', () => {
  it('imports products and store offers, refusing bad lines with their reason and without changing anything for them', async () => {
    const existing = await t.db.product.findFirstOrThrow({ where: { accountId: bomPreco }, orderBy: { id: 'asc' } });
    const [a, b, c, d, e] = [sku('A'), sku('B'), sku('C'), sku('D'), sku('E')];
    const body = await importFile(
      csv([
        'sku;nome;marca;gtin;categorias;unidade;embalagem;preco;disponivel;estoque;loja;preco_loja;preco_promocional;inicio_promocao;fim_promocao;estoque_loja',
        `${a};Arroz Integral Teste 1kg;Marca A;7891000100103;Mercearia > Arroz | Outros;un;1kg;"12,90";sim;100;;;;;;`,
        `${b};Leite Teste 1L;;;Laticínios > Leite;l;1L;5.49;sim;50;LJ001;5,29;4,99;01/12/2026;15/12/2026;20`,
        `${c};Café Teste;;;;;;dez reais;sim;;;;;;;`,
        `${d};;;;;;;3,00;;;;;;;;`,
        `${e};Açúcar Teste;;7891000100104;;;;4,00;;;;;;;;`,
        `${existing.sku};Nome que não deve ficar;;;;;;1,00;;;LOJA-INEXISTENTE;;;;;`,
      ]),
    );
    expect(body).toMatchObject({ status: 'done', source: 'csv', file_name: 'produtos.csv', total: 6, processed: 6, accepted: 2, rejected_count: 4, percent: 100, error: null });
    expect(body.finished_at).toEqual(expect.any(String));
    expect(body.rejected).toEqual([
      { line: 4, sku: c, reason: 'preco: valor inválido' },
      { line: 5, sku: d, reason: 'nome: obrigatório' },
      { line: 6, sku: e, reason: 'gtin: dígito verificador inválido' },
      { line: 7, sku: existing.sku, reason: 'loja: loja não encontrada nesta conta' },
    ]);

    expect(await product(a)).toMatchObject({
      name: 'Arroz Integral Teste 1kg', brand: 'Marca A', gtin: '7891000100103', categories: ['Mercearia', 'Arroz'], unitMeasurement: 'un',
      sizePack: '1kg', priceCents: 1290n, isAvailable: true, availableStock: 100,
    });
    expect(await offerOf(a, store.get('LJ001')!)).toBeNull();
    expect(await offerOf(b, store.get('LJ001')!)).toMatchObject({
      priceCents: 529n, promotionalPriceCents: 499n, stock: 20, isAvailable: true,
      promotionStartAt: new Date('2026-12-01T03:00:00.000Z'), promotionEndAt: new Date('2026-12-16T02:59:59.999Z'),
    });
    for (const refused of [c, d, e]) expect(await product(refused)).toBeNull();
    expect(await product(existing.sku)).toEqual(existing);
  });

  it('re-importing the same file changes nothing further', async () => {
    const [a, b] = [sku('R'), sku('R')];
    const file = csv(['sku;nome;preco;loja;preco_loja;estoque_loja', `${a};Sabão Teste;9,90;LJ001;9,50;7`, `${b};Detergente Teste;2,49;;;`]);
    await importFile(file);
    const before = await t.db.product.findMany({ where: { sku: { in: [a, b] } }, orderBy: { sku: 'asc' }, include: { offers: true } });
    const again = await importFile(file);
    expect(again).toMatchObject({ status: 'done', accepted: 2, rejected_count: 0 });
    const after = await t.db.product.findMany({ where: { sku: { in: [a, b] } }, orderBy: { sku: 'asc' }, include: { offers: true } });
    expect(after).toEqual(before);
  });

  it('a column left out keeps the value; an empty cell puts the default back', async () => {
    const s = sku('P');
    await importFile(csv(['sku;nome;preco;marca;estoque;loja;preco_loja;preco_promocional', `${s};Óleo Teste;7,00;Marca O;40;LJ002;6,50;5,99`]));
    await importFile(csv(['sku;nome;preco;marca;loja;preco_promocional', `${s};Óleo Teste 900ml;7,20;;LJ002;`]));
    expect(await product(s)).toMatchObject({ name: 'Óleo Teste 900ml', priceCents: 720n, brand: null, availableStock: 40 });
    expect(await offerOf(s, store.get('LJ002')!)).toMatchObject({ priceCents: 650n, promotionalPriceCents: null, stock: 40 });
  });

  it('custo: a column sets the cost, an empty cell clears it, a column left out keeps it, a bad value refuses the line', async () => {
    const [s, other] = [sku('CUSTO'), sku('CUSTO')];
    const set = await importFile(csv(['sku;nome;preco;custo', `${s};Feijão Teste 1kg;"8,99";"5,40"`, `${other};Milho Teste;3,00;2.25`]));
    expect(set).toMatchObject({ status: 'done', accepted: 2, rejected_count: 0 });
    expect(await product(s)).toMatchObject({ priceCents: 899n, costCents: 540n });
    expect(await product(other)).toMatchObject({ costCents: 225n });

    // No custo column: the cost stays.
    await importFile(csv(['sku;nome;preco;estoque', `${s};Feijão Teste 1kg;9,49;30`]));
    expect(await product(s)).toMatchObject({ priceCents: 949n, availableStock: 30, costCents: 540n });

    // Refused values name the column in Portuguese and change nothing.
    const refused = await importFile(csv(['sku;nome;preco;custo', `${s};Feijão Teste 1kg;9,49;-1`, `${s};Feijão Teste 1kg;9,49;cinco`, `${s};Feijão Teste 1kg;9,49;1.000.000,01`]));
    expect(refused).toMatchObject({ status: 'done', accepted: 0, rejected_count: 3 });
    expect(refused.rejected).toEqual([2, 3, 4].map((line) => ({ line, sku: s, reason: 'custo: valor inválido' })));
    expect(await product(s)).toMatchObject({ costCents: 540n });

    // An alias header, then an empty cell: back to no cost.
    await importFile(csv(['sku;nome;preco;preco_custo', `${s};Feijão Teste 1kg;9,49;6,10`]));
    expect(await product(s)).toMatchObject({ costCents: 610n });
    await importFile(csv(['sku;nome;preco;custo', `${s};Feijão Teste 1kg;9,49;`, `${other};Milho Teste;3,00;2,25`]));
    expect(await product(s)).toMatchObject({ costCents: null });
    expect(await product(other)).toMatchObject({ costCents: 225n });
  });

  it('reads a Latin-1 CSV separated by commas', async () => {
    const s = sku('L');
    const body = await importFile(Buffer.from(`sku,nome,preço\r\n${s},"Pão Francês, kg","15,90"\r\n`, 'latin1'), 'C:\\fakepath\\padaria.csv');
    expect(body.file_name).toBe('padaria.csv');
    expect(body).toMatchObject({ status: 'done', accepted: 1 });
    expect(await product(s)).toMatchObject({ name: 'Pão Francês, kg', priceCents: 1590n });
  });

  it('serves the rejected lines as CSV (line;sku;motivo)', async () => {
    const s = sku('X');
    const body = await importFile(csv(['sku;nome;preco', `${s};Bolacha;abc`, `${s}-2;"Bolacha; recheada";1,00`]));
    const res = await t.http.get(`/api/product/import/${body.id}/rejected.csv`).set(bearer(adminToken)).buffer(true).parse((r, cb) => {
      let data = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (data += chunk));
      r.on('end', () => cb(null, data));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toBe(`\uFEFFline;sku;motivo\r\n2;${s};preco: valor inválido\r\n`);
  });

  it('imports its own template (two example lines) in the demo account', async () => {
    const res = await t.http.get('/api/product/import/template.csv').set(bearer(operatorToken));
    expect(res.status).toBe(200);
    const text = res.text ?? String(res.body);
    expect(text.split('\r\n')[0]).toBe('\uFEFFsku;nome;marca;gtin;categorias;unidade;embalagem;peso_unidade;preco;custo;imagem_url;url;disponivel;estoque;loja;preco_loja;preco_promocional;inicio_promocao;fim_promocao;estoque_loja;disponivel_loja');
    const body = await importFile(Buffer.from(text, 'utf8'));
    expect(body).toMatchObject({ status: 'done', total: 2, accepted: 2, rejected_count: 0 });
    expect(await product('ARROZ-TJ-5KG')).toMatchObject({ priceCents: 2990n, costCents: 2140n });
  });
});

describe('XLSX import', () => {
  it('imports a sheet with numbers, dates and accented headers', async () => {
    const [a, b] = [sku('XL'), sku('XL')];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Produtos');
    sheet.addRow(['SKU', 'Nome', 'GTIN', 'Preço', 'Unidade', 'Peso Unidade', 'Disponível', 'Loja', 'Preço Loja', 'Preço Promocional', 'Início Promoção', 'Fim Promoção', 'Estoque Loja']);
    sheet.addRow([a, 'Picanha Teste', 7891000100103, 89.9, 'kg', 1.2, true, 'LJ003', 84.9, 79.9, new Date(Date.UTC(2026, 11, 1)), new Date(Date.UTC(2026, 11, 10)), 12]);
    sheet.addRow([b, 'Linguiça Teste', null, 'vinte', 'kg', null, null, null, null, null, null, null, null]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const body = await importFile(file, 'produtos.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(body).toMatchObject({ source: 'xlsx', status: 'done', total: 2, processed: 2, accepted: 1, rejected_count: 1, percent: 100 });
    expect(body.rejected).toEqual([{ line: 3, sku: b, reason: 'preco: valor inválido' }]);
    expect(await product(a)).toMatchObject({ name: 'Picanha Teste', gtin: '7891000100103', priceCents: 8990n, unitMeasurement: 'kg', weightPerUnit: 1.2 });
    expect(await offerOf(a, store.get('LJ003')!)).toMatchObject({
      priceCents: 8490n, promotionalPriceCents: 7990n, stock: 12,
      promotionStartAt: new Date('2026-12-01T03:00:00.000Z'), promotionEndAt: new Date('2026-12-11T02:59:59.999Z'),
    });
    expect(await product(b)).toBeNull();
  });
});

describe('the job', () => {
  /** An import recorded without its job (the test runs it), of `lines` generated lines, every 7th refused. */
  async function recorded(lines: number) {
    const prefix = sku('JOB');
    const rows = ['sku;nome;preco;loja;estoque_loja'];
    for (let i = 1; i <= lines; i++) rows.push(`${prefix}-${i};Produto ${i};${i % 7 === 0 ? 'x' : `${i},50`};${i % 2 ? 'LJ001' : ''};${i}`);
    const repo = createProductImportsRepo(t.db);
    const admin = await t.db.user.findFirstOrThrow({ where: { email: DEMO.admin } });
    const row = await repo.create({ accountId: bomPreco, userId: admin.id, source: 'csv', fileName: 'grande.csv', idempotencyKey: null, payload: csv(rows), total: lines });
    return { id: row.id, prefix, repo };
  }
  const progressOf = (id: number) => t.db.productImport.findUniqueOrThrow({ where: { id }, select: { status: true, processed: true, accepted: true, rejectedCount: true, rejected: true } });

  it('moves the progress after each chunk of 500 lines, up to 100%', async () => {
    const { id, prefix, repo } = await recorded(1_203);
    const seen: number[] = [];
    const watched = { ...repo, applyChunk: (async (...args: Parameters<typeof repo.applyChunk>) => {
      const write = await repo.applyChunk(...args);
      seen.push((await progressOf(id)).processed);
      return write;
    }) as typeof repo.applyChunk };
    await runImport({ repo: watched, log: t.app.log }, id);
    expect(IMPORT_CHUNK).toBe(500);
    expect(seen).toEqual([500, 1000, 1203]);
    const done = await progressOf(id);
    expect(done).toMatchObject({ status: 'done', processed: 1203, accepted: 1203 - 171, rejectedCount: 171 });
    expect(await t.db.product.count({ where: { accountId: bomPreco, sku: { startsWith: `${prefix}-` } } })).toBe(1203 - 171);
    const view = (await getImport(id)).body;
    expect(view).toMatchObject({ percent: 100, rejected_count: 171 });
    expect(view.rejected).toHaveLength(50);
    expect(view.rejected[0]).toEqual({ line: 8, sku: `${prefix}-7`, reason: 'preco: valor inválido' });
  });

  it('resumes after a crash where it stopped, without counting a line twice', async () => {
    const { id, prefix, repo } = await recorded(1_100);
    let calls = 0;
    const crashing = { ...repo, applyChunk: (async (...args: Parameters<typeof repo.applyChunk>) => {
      if (++calls === 2) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
      return repo.applyChunk(...args);
    }) as typeof repo.applyChunk };
    await expect(runImport({ repo: crashing, log: t.app.log }, id)).rejects.toThrow('Connection terminated');
    expect(await progressOf(id)).toMatchObject({ status: 'running', processed: 500 });
    await runImport({ repo, log: t.app.log }, id);
    const done = await progressOf(id);
    expect(done).toMatchObject({ status: 'done', processed: 1100, rejectedCount: 157 });
    expect(new Set((done.rejected as Array<{ line: number }>).map((r) => r.line)).size).toBe(157);
    expect(await t.db.product.count({ where: { accountId: bomPreco, sku: { startsWith: `${prefix}-` } } })).toBe(1100 - 157);
    // A run of a finished import does nothing.
    await runImport({ repo, log: t.app.log }, id);
    expect(await progressOf(id)).toEqual(done);
  });

  it('two runs of one import at once (a job taken twice) count each line once', async () => {
    const { id, repo } = await recorded(1_050);
    await Promise.all([runImport({ repo, log: t.app.log }, id), runImport({ repo, log: t.app.log }, id)]);
    const done = await progressOf(id);
    expect(done).toMatchObject({ status: 'done', processed: 1050, accepted: 1050 - 150, rejectedCount: 150 });
    expect((done.rejected as unknown[]).length).toBe(150);
  });

  it('two imports of the same SKUs at once both finish', async () => {
    const lines = (order: number[]) => ['sku;nome;preco;loja', ...order.map((i) => `DUP-${i};Produto ${i};${i},00;LJ001`)];
    const up = Array.from({ length: 700 }, (_, i) => i + 1);
    const repo = createProductImportsRepo(t.db);
    const admin = await t.db.user.findFirstOrThrow({ where: { email: DEMO.admin } });
    const ids = await Promise.all(
      [up, [...up].reverse()].map(async (order) =>
        (await repo.create({ accountId: bomPreco, userId: admin.id, source: 'csv', fileName: 'a.csv', idempotencyKey: null, payload: csv(lines(order)), total: order.length })).id,
      ),
    );
    await Promise.all(ids.map((id) => runImport({ repo, log: t.app.log }, id)));
    for (const id of ids) expect(await progressOf(id)).toMatchObject({ status: 'done', accepted: 700 });
    expect(await t.db.offer.count({ where: { locationId: store.get('LJ001')!, product: { sku: { startsWith: 'DUP-' } } } })).toBe(700);
  });
});

describe('ERP integration', () => {
  it('upserts by SKU; the same Idempotency-Key answers the same import without running it again', async () => {
    const [a, b] = [sku('ERP'), sku('ERP')];
    const key = `erp-${a}`;
    const items = [
      { sku: a, name: 'Cerveja Teste 350ml', brand: 'Marca C', gtin: '7891000100103', categories: ['Bebidas', 'Cervejas'], price: 3.99, stock: 200, tags: ['gelada'] },
      { sku: a, name: 'Cerveja Teste 350ml', price: 3.99, store: 'LJ004', store_price: 3.79, promotional_price: 3.49, promotion_start_at: '2026-12-01', promotion_end_at: '2026-12-31T23:59:00-03:00', store_stock: 48 },
      { sku: b, name: 'Refrigerante Teste', price: 0.001 },
      { sku: b, price: 5 },
    ];
    const first = await integrate(items, key);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body.import).toMatchObject({ source: 'api', status: 'queued', total: 4, processed: 0, percent: 0 });
    await t.drainJobs();
    const done = (await getImport(first.body.import.id)).body;
    expect(done).toMatchObject({ status: 'done', accepted: 2, rejected_count: 2, percent: 100 });
    expect(done.rejected).toEqual([
      { line: 3, sku: b, reason: 'price: valor inválido' },
      { line: 4, sku: b, reason: 'name: obrigatório' },
    ]);
    expect(await product(a)).toMatchObject({ brand: 'Marca C', categories: ['Bebidas', 'Cervejas'], priceCents: 399n, availableStock: 200, tags: ['gelada'] });
    expect(await offerOf(a, store.get('LJ004')!)).toMatchObject({
      priceCents: 379n, promotionalPriceCents: 349n, stock: 48,
      promotionStartAt: new Date('2026-12-01T03:00:00.000Z'), promotionEndAt: new Date('2027-01-01T02:59:00.000Z'),
    });
    const before = await t.db.productImport.count();
    const productBefore = await product(a);

    const replay = await integrate([{ sku: a, name: 'Outro nome', price: 1 }], key);
    expect(replay.status).toBe(200);
    expect(replay.body.import).toMatchObject({ id: first.body.import.id, status: 'done', accepted: 2 });
    await t.drainJobs();
    expect(await t.db.productImport.count()).toBe(before);
    expect(await product(a)).toEqual(productBefore);

    // Without a key: a new import, which changes nothing (an upsert by SKU of the same values).
    const again = await integrate(items);
    expect(again.status).toBe(202);
    expect(again.body.import.id).not.toBe(first.body.import.id);
    await t.drainJobs();
    expect(await product(a)).toEqual(productBefore);
  });

  it('cost: a number sets it, null clears it, a key left out keeps it, a bad value refuses the item', async () => {
    const s = sku('ERP-CUSTO');
    const run = async (items: unknown[]) => {
      const res = await integrate(items);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      await t.drainJobs();
      return (await getImport(res.body.import.id)).body;
    };
    expect(await run([{ sku: s, name: 'Macarrão Teste 500g', price: 4.79, cost: 3.1 }])).toMatchObject({ status: 'done', accepted: 1 });
    expect(await product(s)).toMatchObject({ priceCents: 479n, costCents: 310n });
    await run([{ sku: s, name: 'Macarrão Teste 500g', price: 4.99 }]);
    expect(await product(s)).toMatchObject({ priceCents: 499n, costCents: 310n });
    const refused = await run([
      { sku: s, name: 'Macarrão Teste 500g', price: 4.99, cost: -0.5 },
      { sku: s, name: 'Macarrão Teste 500g', price: 4.99, cost: 1_000_000.01 },
      { sku: s, name: 'Macarrão Teste 500g', price: 4.99, cost: 3.105 },
    ]);
    expect(refused.rejected).toEqual([1, 2, 3].map((line) => ({ line, sku: s, reason: 'cost: valor inválido' })));
    expect(await product(s)).toMatchObject({ costCents: 310n });
    await run([{ sku: s, name: 'Macarrão Teste 500g', price: 4.99, cost: null }]);
    expect(await product(s)).toMatchObject({ costCents: null });
    // A string is not a JSON number: refused at once, naming the field.
    const wrongType = await integrate([{ sku: s, name: 'Macarrão Teste 500g', price: 4.99, cost: '3,10' }]);
    expect(wrongType.status).toBe(400);
    expect(expectEnvelope(wrongType.body, 'VALIDATION_ERROR').details!.map((d) => d.field)).toContain('items.0.cost');
  });

  it('refuses a malformed call at once (400 naming the field), creating nothing', async () => {
    const before = await t.db.productImport.count();
    const wrongType = await integrate([{ sku: 'X', name: 'Y', price: '12,90' }]);
    expect(wrongType.status).toBe(400);
    expect(expectEnvelope(wrongType.body, 'VALIDATION_ERROR').details!.map((d) => d.field)).toContain('items.0.price');
    const unknownKey = await integrate([{ sku: 'X', name: 'Y', price: 1, preco: 2 }]);
    expect(unknownKey.status).toBe(400);
    expect(expectEnvelope(unknownKey.body).details!.map((d) => d.field)).toContain('items.0.preco');
    expect((await integrate([])).status).toBe(400);
    const badKey = await integrate([{ sku: 'X', name: 'Y', price: 1 }], 'curta');
    expect(badKey.status).toBe(400);
    expect(expectEnvelope(badKey.body).details!.map((d) => d.field)).toEqual(['Idempotency-Key']);
    expect(await t.db.productImport.count()).toBe(before);
  });
});

describe('uploads refused', () => {
  const fileError = (res: Awaited<ReturnType<typeof upload>>) => {
    expect(res.statusCode, res.body).toBe(400);
    const error = expectEnvelope(res.json());
    expect(error.details!.map((d) => d.field)).toEqual(['file']);
    return error.details![0]!.message;
  };

  it('answers 400 naming `file`, and records nothing', async () => {
    const before = await t.db.productImport.count();
    expect(fileError(await upload(csv(['sku;nome;preco', 'A;B;1']), 'produtos.csv', 'text/csv', adminToken, 'arquivo'))).toBe('Envie um arquivo no campo "file".');
    const json = await t.app.inject({ method: 'POST', url: '/api/product/import', headers: bearer(adminToken), payload: { file: 'x' } });
    fileError(json);
    expect(fileError(await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'foto.png', 'image/png'))).toBe('Envie uma planilha CSV ou XLSX.');
    expect(fileError(await upload(csv(['sku;marca', 'A;B'])))).toBe('Faltam colunas obrigatórias no cabeçalho: nome, preco.');
    expect(fileError(await upload(csv(['sku;nome;preco'])))).toBe('A planilha não tem linhas de produtos abaixo do cabeçalho.');
    expect(fileError(await upload(csv(['sku;nome;preco;price', 'A;B;1;2'])))).toBe('A coluna preco aparece mais de uma vez no cabeçalho.');
    expect(fileError(await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'quebrada.xlsx'))).toMatch(/^Não foi possível ler a planilha XLSX/);
    const many = ['sku;nome;preco', ...Array.from({ length: 50_001 }, (_, i) => `S${i};N;1`)];
    expect(fileError(await upload(csv(many)))).toBe('A planilha passa de 50.000 linhas de produtos: divida-a em arquivos menores.');
    const en = await t.app.inject({
      method: 'POST', url: '/api/product/import', headers: { ...bearer(adminToken), 'accept-language': 'en', 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nsku;marca\r\nA;B\r\n--b--\r\n'),
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().error.details[0].message).toBe('Required columns are missing from the header: nome, preco.');
    expect(await t.db.productImport.count()).toBe(before);
  });

  it('answers 413 to a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expectEnvelope(res.json(), 'PRODUCT_IMPORT_TOO_LARGE');
  });
});

describe('who may import', () => {
  it('members read; only admins and managers import; another account’s import is a 404', async () => {
    const body = await importFile(csv(['sku;nome;preco', `${sku('AUTH')};Produto;1,00`]));
    expect((await getImport(body.id, operatorToken)).status).toBe(200);
    const list = await t.http.get('/api/product/import').set(bearer(operatorToken));
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: body.id, status: 'done' });
    expect(list.body.data.length).toBeLessThanOrEqual(20);
    expectEnvelope((await upload(csv(['sku;nome;preco', 'A;B;1']), 'a.csv', 'text/csv', operatorToken)).json(), 'FORBIDDEN_ROLE');
    expectEnvelope((await integrate([{ sku: 'A', name: 'B', price: 1 }], undefined, operatorToken)).body, 'FORBIDDEN_ROLE');
    for (const path of [`/api/product/import/${body.id}`, `/api/product/import/${body.id}/rejected.csv`]) {
      const res = await t.http.get(path).set(bearer(atacadoToken));
      expect(res.status, path).toBe(404);
      expectEnvelope(res.body, 'PRODUCT_IMPORT_NOT_FOUND');
    }
    expect((await t.http.get('/api/product/import').set(bearer(atacadoToken))).body.data.map((i: { id: number }) => i.id)).not.toContain(body.id);
    expect((await t.http.get(`/api/product/import/${body.id}`)).status).toBe(401);
  });
});
