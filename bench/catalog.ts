// Catalog benchmark (issue 20): the product search a shopper's typed words go through and cart
// generation from a 30-line shopping list, against a bare Fastify route answering a body of the same
// size, in the same run and the same server process.
//
//   node --import tsx bench/catalog.ts        (PostgreSQL at DATABASE_URL, Redis at REDIS_URL)
//
// The parent seeds a benchmark database (backoffice_bench_catalog): the access modules and the demo
// accounts and users (accounts seed only), then in the demo grocery account 10 stores, 100,000
// products named from Portuguese word lists (type, variety, brand, size: "Arroz Agulhinha Tipo 1 Bom
// Grão 5kg"), 25 categories, brands and EAN-13 GTINs, and 1,000,000 offers (every product at every
// store), in set-based SQL (the trigger fills the search columns on insert), then VACUUM ANALYZE. It bundles
// the server as `pnpm build` bundles the API, forks it (`--serve`: the real app, as deployed, and the
// bare route, one process) and drives it with autocannon at 20 connections, compared rows in turns:
//   1. GET /search/products?query=<a typed word> rotating words with and without accents and typos
//      ("acucar", "aroz", "feijao", "leite integral", "cafe"…): p95 ≤ 30 ms; also with location_id;
//   2. POST /api/shopping-cart/generate with a 30-line list for a customer at a store: p95 ≤ 300 ms.
// Searches and a list's lines are answered from the catalog cache (modules/catalog/catalog-cache.ts)
// while the account's catalog version stays the same, as a catalog a shopper searches mostly is; so
// that what the indexes cost is on record too, two more figures: searches no request asked before (a
// new page each: a row at 20 connections), and cart generations one at a time, each after a change to
// the catalog (an offer's stock through the API), when every line is matched from the indexes again.
// p50/p95/p99 are computed from every response time of a row (autocannon reports no p95). Writes
// bench/results/catalog-<date>.json and prints a table with each row's ratio to the bare route.
//
// BENCH_REUSE=1: the dataset of a previous run is used as it is (migrations added since apply first).
// BENCH_ROWS=search|carts: only those rows (printed and written all the same). BENCH_CART_REQUESTS: cart
// generations per turn of the cart row (default 60: every answer is waited for and counted).
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { SqlRunner } from '../packages/api/src/db/client.ts';
import { DEMO_PASSWORD } from '../packages/api/src/seed.ts';
import { benchDatabaseUrl, benchDataset, serveApp } from './app-server.ts';
import { bundleServer, CONNECTIONS, DURATION, processes, REPO, rotating, serverChannel, writeResults } from './load.ts';
import { interleavedRows, percentile, round, SLICES, type Timed } from './timed-rows.ts';

const PRODUCTS = 100_000;
const STORES = 10;
const SEARCH_P95_MS = 30;
/** Cart generations per turn of the cart row (every answer counted, however long it takes). */
const CART_REQUESTS_PER_TURN = Number(process.env.BENCH_CART_REQUESTS ?? 60);
const CART_P95_MS = 300;
/** Cart generations timed one at a time after a catalog change (the row that no cache answers). */
const UNCACHED_CARTS = 20;
const ACCOUNT_SLUG = 'supermercado-bom-preco';
const onlyRows = process.env.BENCH_ROWS as 'search' | 'carts' | undefined;
const reuseDataset = process.env.BENCH_REUSE === '1';

const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const benchDbUrl = benchDatabaseUrl(baseUrl, 'backoffice_bench_catalog');

// ---------------------------------------------------------------------------------------------
// Word lists: what a Brazilian supermarket sells, as its catalog names it.

interface ProductType {
  name: string;
  department: string;
  category: string;
  varieties: string[];
  sizes: string[];
  /** un, kg, g or l: how the product is sold. */
  unit: 'un' | 'kg' | 'l';
  /** Price of the first size in cents. */
  price: number;
}
const t = (name: string, department: string, category: string, varieties: string[], sizes: string[], price: number, unit: ProductType['unit'] = 'un'): ProductType => ({
  name, department, category, varieties, sizes, unit, price,
});
const TYPES: ProductType[] = [
  t('Arroz', 'Mercearia', 'Arroz e Feijão', ['Agulhinha Tipo 1', 'Parboilizado', 'Integral', 'Arbório', 'Japonês'], ['1kg', '2kg', '5kg'], 599),
  t('Feijão', 'Mercearia', 'Arroz e Feijão', ['Carioca', 'Preto', 'Fradinho', 'Branco', 'Rajado'], ['500g', '1kg', '2kg'], 549),
  t('Açúcar', 'Mercearia', 'Açúcar e Adoçantes', ['Refinado', 'Cristal', 'Demerara', 'Mascavo', 'Orgânico'], ['1kg', '2kg', '5kg'], 429),
  t('Café', 'Mercearia', 'Cafés e Chás', ['Torrado e Moído Tradicional', 'Extraforte', 'Gourmet', 'Solúvel', 'Descafeinado', 'Em Grãos'], ['250g', '500g', '1kg'], 1299),
  t('Leite', 'Laticínios', 'Leites', ['Integral', 'Desnatado', 'Semidesnatado', 'Zero Lactose', 'em Pó Integral'], ['1L', '12x1L', '400g'], 499),
  t('Macarrão', 'Mercearia', 'Massas', ['Espaguete', 'Parafuso', 'Penne', 'Talharim', 'Ave-Maria', 'Lasanha'], ['500g', '1kg'], 389),
  t('Óleo de Soja', 'Mercearia', 'Óleos e Azeites', ['Refinado', 'Tradicional'], ['900ml', '2L'], 749),
  t('Azeite de Oliva', 'Mercearia', 'Óleos e Azeites', ['Extra Virgem', 'Tipo Único', 'Composto'], ['250ml', '500ml'], 2990),
  t('Farinha de Trigo', 'Mercearia', 'Farinhas', ['Tradicional', 'Integral', 'com Fermento', 'Especial Tipo 1'], ['1kg', '5kg'], 499),
  t('Farinha de Mandioca', 'Mercearia', 'Farinhas', ['Torrada', 'Crua', 'Flocada'], ['500g', '1kg'], 599),
  t('Sal', 'Mercearia', 'Temperos', ['Refinado', 'Grosso', 'Marinho', 'Rosa do Himalaia'], ['1kg', '500g'], 249),
  t('Molho de Tomate', 'Mercearia', 'Molhos e Condimentos', ['Tradicional', 'Manjericão', 'Bolonhesa', 'Pizza'], ['300g', '340g', '520g'], 329),
  t('Biscoito', 'Mercearia', 'Biscoitos e Snacks', ['Recheado Chocolate', 'Cream Cracker', 'Maria', 'Água e Sal', 'Maisena', 'Wafer Morango'], ['140g', '200g', '400g'], 349),
  t('Achocolatado em Pó', 'Mercearia', 'Matinais', ['Tradicional', 'Zero Açúcar', '50% Cacau'], ['400g', '800g'], 899),
  t('Aveia', 'Mercearia', 'Matinais', ['em Flocos Finos', 'em Flocos Grossos', 'Farelo'], ['200g', '450g'], 599),
  t('Refrigerante', 'Bebidas', 'Refrigerantes', ['Cola', 'Guaraná', 'Laranja', 'Limão', 'Uva', 'Cola Zero'], ['350ml', '2L', '600ml'], 899),
  t('Cerveja', 'Bebidas', 'Cervejas', ['Pilsen', 'Puro Malte', 'IPA', 'Sem Álcool', 'Weiss'], ['350ml', '473ml', '600ml'], 399),
  t('Água Mineral', 'Bebidas', 'Águas', ['sem Gás', 'com Gás'], ['500ml', '1,5L', '5L'], 249),
  t('Suco', 'Bebidas', 'Sucos', ['Integral de Uva', 'de Laranja', 'de Pêssego', 'de Maracujá', 'de Caju'], ['1L', '200ml', '1,5L'], 799),
  t('Iogurte', 'Laticínios', 'Iogurtes', ['Natural', 'Morango', 'Grego Tradicional', 'Desnatado', 'Coco'], ['170g', '540g', '1kg'], 399),
  t('Queijo', 'Laticínios', 'Queijos', ['Mussarela Fatiado', 'Prato Fatiado', 'Minas Frescal', 'Parmesão Ralado', 'Coalho'], ['150g', '500g', '1kg'], 1299, 'kg'),
  t('Manteiga', 'Laticínios', 'Manteigas e Margarinas', ['com Sal', 'sem Sal', 'Extra'], ['200g', '500g'], 1199),
  t('Margarina', 'Laticínios', 'Manteigas e Margarinas', ['com Sal', 'sem Sal', 'Culinária'], ['250g', '500g', '1kg'], 699),
  t('Requeijão Cremoso', 'Laticínios', 'Queijos', ['Tradicional', 'Light', 'Cheddar'], ['200g', '400g'], 749),
  t('Ovos', 'Hortifrúti', 'Ovos', ['Brancos Grandes', 'Vermelhos Grandes', 'Caipira', 'de Codorna'], ['12 unidades', '20 unidades', '30 unidades'], 1099),
  t('Banana', 'Hortifrúti', 'Frutas', ['Prata', 'Nanica', 'Maçã', 'da Terra'], ['1kg'], 599, 'kg'),
  t('Maçã', 'Hortifrúti', 'Frutas', ['Gala', 'Fuji', 'Verde'], ['1kg'], 899, 'kg'),
  t('Laranja', 'Hortifrúti', 'Frutas', ['Pera', 'Lima', 'Bahia'], ['1kg', '3kg'], 499, 'kg'),
  t('Tomate', 'Hortifrúti', 'Legumes e Verduras', ['Italiano', 'Carmem', 'Cereja'], ['1kg', '300g'], 799, 'kg'),
  t('Batata', 'Hortifrúti', 'Legumes e Verduras', ['Inglesa', 'Doce', 'Baroa'], ['1kg', '2kg'], 599, 'kg'),
  t('Cebola', 'Hortifrúti', 'Legumes e Verduras', ['Branca', 'Roxa'], ['1kg'], 549, 'kg'),
  t('Alho', 'Hortifrúti', 'Legumes e Verduras', ['Nacional', 'Roxo', 'Descascado'], ['100g', '200g'], 399),
  t('Frango', 'Açougue', 'Aves', ['Peito sem Osso', 'Coxa e Sobrecoxa', 'Inteiro Congelado', 'Filé de Sassami', 'Asa'], ['1kg'], 1599, 'kg'),
  t('Carne Bovina', 'Açougue', 'Carnes Bovinas', ['Patinho', 'Acém', 'Alcatra', 'Picanha', 'Contrafilé', 'Costela', 'Moída'], ['1kg', '500g'], 3999, 'kg'),
  t('Carne Suína', 'Açougue', 'Carnes Suínas', ['Lombo', 'Pernil', 'Costelinha', 'Bisteca'], ['1kg'], 2499, 'kg'),
  t('Linguiça', 'Açougue', 'Embutidos', ['Toscana', 'Calabresa Defumada', 'de Frango', 'Apimentada'], ['500g', '1kg'], 1899),
  t('Presunto', 'Frios', 'Frios e Embutidos', ['Cozido Fatiado', 'Tender', 'Parma'], ['200g', '500g'], 899),
  t('Peixe', 'Peixaria', 'Peixes', ['Filé de Tilápia', 'Salmão em Posta', 'Merluza', 'Pescada'], ['500g', '1kg'], 3499, 'kg'),
  t('Pão de Forma', 'Padaria', 'Pães', ['Tradicional', 'Integral', 'Sem Casca', 'Multigrãos'], ['400g', '500g'], 899),
  t('Atum', 'Mercearia', 'Enlatados e Conservas', ['Ralado em Óleo', 'Sólido em Água', 'Pedaços ao Natural'], ['170g'], 899),
  t('Sardinha', 'Mercearia', 'Enlatados e Conservas', ['em Óleo', 'com Molho de Tomate'], ['125g'], 549),
  t('Milho Verde', 'Mercearia', 'Enlatados e Conservas', ['em Conserva'], ['170g', '200g'], 399),
  t('Chocolate', 'Doces', 'Chocolates', ['ao Leite', 'Meio Amargo', 'Branco', '70% Cacau', 'com Amendoim'], ['90g', '150g'], 699),
  t('Sabão em Pó', 'Limpeza', 'Lavanderia', ['Multiação', 'Coco', 'Lavagem Perfeita'], ['800g', '1,6kg', '4kg'], 1499),
  t('Sabão Líquido', 'Limpeza', 'Lavanderia', ['Concentrado', 'Roupas Brancas', 'Roupas Escuras'], ['1L', '3L'], 2199),
  t('Amaciante', 'Limpeza', 'Lavanderia', ['Concentrado', 'Lavanda', 'Aconchego'], ['500ml', '2L'], 1299),
  t('Detergente', 'Limpeza', 'Cozinha', ['Neutro', 'Limão', 'Coco', 'Maçã'], ['500ml'], 249),
  t('Desinfetante', 'Limpeza', 'Casa', ['Lavanda', 'Eucalipto', 'Pinho', 'Floral'], ['500ml', '2L'], 599),
  t('Água Sanitária', 'Limpeza', 'Casa', ['Tradicional', 'Perfumada'], ['1L', '2L'], 399),
  t('Papel Higiênico', 'Higiene', 'Papel Higiênico', ['Folha Dupla Neutro', 'Folha Tripla', 'Folha Simples'], ['4 rolos', '12 rolos', '24 rolos'], 899),
  t('Sabonete', 'Higiene', 'Banho', ['Hidratante', 'Erva-Doce', 'Antibacteriano', 'Aveia'], ['85g', '6x85g'], 249),
  t('Shampoo', 'Higiene', 'Cabelos', ['Liso Perfeito', 'Cachos', 'Anticaspa', 'Hidratação'], ['350ml', '700ml'], 1599),
  t('Creme Dental', 'Higiene', 'Saúde Bucal', ['Tripla Ação', 'Branqueador', 'Sensível', 'Menta'], ['90g', '180g'], 499),
  t('Fralda', 'Infantil', 'Fraldas', ['Pacote Econômico P', 'Pacote Econômico M', 'Pacote Econômico G', 'Pacote Jumbo XG'], ['30 unidades', '60 unidades'], 4999),
  t('Ração para Cães', 'Pet', 'Rações', ['Adultos Carne', 'Filhotes Frango', 'Raças Pequenas'], ['1kg', '3kg', '10,1kg'], 2499),
];
const BRANDS = [
  'Bom Grão', 'Sabor do Campo', 'Vale Verde', 'Dona Nena', 'Tio Zeca', 'Três Serras', 'Santa Clara', 'Flor de Minas', 'Boa Mesa', 'Fazendinha',
  'Primavera', 'Sol Nascente', 'Real', 'Nativa', 'Serra Azul', 'Estrela do Sul', 'Casa Nossa', 'Mais Sabor', 'Qualitá', 'Vila Rica',
  'Ouro Fino', 'Campo Belo', 'Pérola', 'Bela Vista', 'Rancho Alegre', 'Doce Lar', 'Tradição', 'Mineirinho', 'Paraná', 'Cristalina',
  'Aurora', 'Monte Verde', 'Rio Claro', 'Pomar', 'Solar', 'Brisa', 'Cerrado', 'Litoral', 'Raízes', 'Brasileirinho',
];
/** A fourth word some products carry; "" leaves the name as it is. */
const LINES = ['', 'Premium', 'Tradicional', 'Orgânico'];

/** The words the search rows type: with and without accents, with typos, one or two words. */
const SEARCH_WORDS = [
  'acucar', 'aroz', 'feijao', 'leite integral', 'cafe', 'açúcar refinado', 'arroz integral', 'feijão preto', 'macarrao espaguete', 'oleo de soja',
  'sabao em po', 'papel higienico', 'biscoito recheado', 'refrigerante guarana', 'cerveja', 'detergente', 'banana prata', 'frango', 'queijo mussarela',
  'iogurte morango', 'cafe extraforte', 'leite desnatado', 'farinha de trigo', 'molho de tomate', 'ovos', 'maca gala', 'tomate', 'batata', 'chocolate',
  'amaciante', 'creme dental', 'shampoo', 'picanha', 'linguica toscana', 'agua mineral', 'suco de uva', 'manteiga', 'fralda', 'racao', 'atum',
];

/** Lines of the shopping lists, as customers write them: quantities, units, brands, typos. */
const LIST_LINES = [
  '2kg de arroz', '1kg feijao carioca', '6 ovos', 'leite integral 1L x3', 'cafe 500g', 'açúcar refinado 1kg', 'oleo de soja', 'macarrão espaguete 2 pacotes',
  'molho de tomate x2', 'sal', 'farinha de trigo 1kg', 'biscoito cream cracker', 'papel higienico 12 rolos', 'detergente neutro x3', 'sabao em po',
  'amaciante 2L', 'banana prata 1kg', '1/2 kg de tomate', 'cebola 1kg', 'alho', 'batata 2kg', 'frango peito 1kg', 'carne moída 500g', 'linguiça toscana',
  'presunto fatiado 200g', 'queijo mussarela 500g', 'manteiga com sal', 'iogurte natural', 'pao de forma integral', 'refrigerante guaraná 2L',
  'cerveja pilsen 12 latas', 'agua mineral sem gas', 'suco de laranja 1L', 'chocolate ao leite', 'creme dental', 'sabonete x4', 'shampoo cachos',
  'achocolatado 400g', 'aveia em flocos', 'atum ralado', 'sardinha', 'milho verde', 'maçã gala 1kg', 'laranja pera 3kg', 'requeijao cremoso',
  'margarina 500g', 'desinfetante lavanda', 'agua sanitaria', 'fralda G', 'racao para caes 3kg', 'azeite extra virgem', 'cafe extraforte 2 pacotes',
  'leite desnatado x6', 'feijão preto 1kg', 'arroz parboilizado 5kg', 'acucar cristal 2kg', 'uma duzia de ovos', 'peixe tilapia 500g', 'costela 1kg', 'lasanha',
];
const LIST_LENGTH = 30;
const LISTS = Array.from({ length: 20 }, (_, i) => Array.from({ length: LIST_LENGTH }, (_, k) => LIST_LINES[(i * 7 + k * 13) % LIST_LINES.length]!).join('\n'));

// ---------------------------------------------------------------------------------------------
// Server process: the real app and the bare route.

const serve = () => serveApp(benchDbUrl);

// ---------------------------------------------------------------------------------------------
// Dataset

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (xs: string[]) => `ARRAY[${xs.map(sqlText).join(', ')}]::text[]`;

const seedDataset = () =>
  benchDataset(baseUrl, 'backoffice_bench_catalog', { reuse: reuseDataset, seed: seedRows, seeded, complete: (found) => found.products === PRODUCTS });

async function seedRows(db: SqlRunner) {
  const t0 = performance.now();
  const types = TYPES.map(
    (p, n) => `(${n}, ${sqlText(p.name)}, ${sqlText(p.department)}, ${sqlText(p.category)}, ${sqlArray(p.varieties)}, ${sqlArray(p.sizes)}, ${sqlText(p.unit)}, ${p.price})`,
  );
  const [{ id: accountId }] = (await db.query<{ id: number }>(`SELECT id FROM accounts WHERE slug = $1`, [ACCOUNT_SLUG])) as [{ id: number }];
  // Products: every combination of type, variety, size, brand and line is another product; g walks
  // them so that consecutive products differ by type (a catalog is not sorted by name).
  const T = TYPES.length;
  await db.exec(`
    CREATE TEMP TABLE bench_types (n int, name text, department text, category text, varieties text[], sizes text[], unit text, price int);
    INSERT INTO bench_types VALUES ${types.join(',\n')};
    CREATE TEMP TABLE bench_brands AS SELECT ordinality - 1 AS n, b AS name FROM unnest(${sqlArray(BRANDS)}) WITH ORDINALITY b;
    CREATE FUNCTION pg_temp.ean13(body text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT body || ((10 - (SELECT sum(substr(body, i, 1)::int * CASE WHEN i % 2 = 0 THEN 3 ELSE 1 END) FROM generate_series(1, 12) i) % 10) % 10)::text
    $$;
    INSERT INTO locations (account_id, name, city, state, updated_at)
    SELECT ${accountId}, 'Bom Preço Loja ' || lpad(s::text, 2, '0'), 'São Paulo', 'SP', now() FROM generate_series(1, ${STORES}) s;
    CREATE TEMP TABLE bench_stores AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM locations WHERE account_id = ${accountId} AND name LIKE 'Bom Preço Loja %';
    INSERT INTO products (account_id, sku, name, brand, gtin, image_url, url, price_cents, categories, unit_measurement, size_pack, weight_per_unit,
                          is_available, available_stock, updated_at)
    SELECT ${accountId}, 'SKU-' || lpad(g::text, 6, '0'),
           concat_ws(' ', ty.name, ty.varieties[1 + (g / ${T}) % cardinality(ty.varieties)], nullif((${sqlArray(LINES)})[1 + (g / (${T} * 12 * ${BRANDS.length})) % ${LINES.length}], ''),
                     b.name, ty.sizes[1 + (g / (${T} * 4)) % cardinality(ty.sizes)]),
           b.name, pg_temp.ean13('789' || lpad(g::text, 9, '0')),
           'https://cdn.bench/p/' || g || '.png', 'https://loja.bench/p/' || g,
           ty.price + (g % 7) * 50 + ((g / (${T} * 4)) % cardinality(ty.sizes)) * ty.price / 2,
           ARRAY[ty.department, ty.category], ty.unit, ty.sizes[1 + (g / (${T} * 4)) % cardinality(ty.sizes)],
           CASE WHEN ty.unit = 'kg' THEN 0.5 END, g % 50 <> 0, 100 + g % 400, now()
      FROM generate_series(0, ${PRODUCTS - 1}) g
      JOIN bench_types ty ON ty.n = g % ${T}
      JOIN bench_brands b ON b.n = (g / (${T} * 12)) % ${BRANDS.length};
  `);
  const t1 = performance.now();
  // Offers: every product at every store; the store's price varies a little, one in ten on promotion,
  // one in twenty out of stock.
  await db.exec(`
    INSERT INTO offers (account_id, location_id, product_id, price_cents, promotional_price_cents, promotion_start_at, promotion_end_at, stock, is_available, updated_at)
    SELECT ${accountId}, s.id, p.id, p.price_cents + (s.n * 10) % 70,
           CASE WHEN (p.id + s.n) % 10 = 0 THEN (p.price_cents * 85) / 100 END,
           CASE WHEN (p.id + s.n) % 10 = 0 THEN now() - interval '2 days' END,
           CASE WHEN (p.id + s.n) % 10 = 0 THEN now() + interval '12 days' END,
           CASE WHEN (p.id * 7 + s.n) % 20 = 0 THEN 0 ELSE 5 + (p.id * 31 + s.n) % 300 END,
           (p.id + s.n * 3) % 40 <> 0, now()
      FROM products p CROSS JOIN bench_stores s
     WHERE p.account_id = ${accountId};
    INSERT INTO customers (account_id, name, phone, email, opt_in, updated_at)
    VALUES (${accountId}, 'Cliente Benchmark', '+5511990000001', 'cliente.benchmark@bench.test', true, now());
  `);
  const t2 = performance.now();
  // VACUUM too: rows inserted after the GIN indexes were built sit in their pending lists until a
  // vacuum merges them, and every search would scan those lists (30–70 ms here); a live catalog is vacuumed.
  await db.exec('VACUUM ANALYZE');
  console.log(
    `dataset: products ${((t1 - t0) / 1000).toFixed(1)} s, offers ${((t2 - t1) / 1000).toFixed(1)} s, VACUUM ANALYZE ${((performance.now() - t2) / 1000).toFixed(1)} s`,
  );
  return seeded(db);
}

/** The seeded dataset: counts, the stores and the customer the rows use. */
async function seeded(db: SqlRunner) {
  const [counts] = await db.query<{ products: string; offers: string }>(
    `SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM offers) AS offers`,
  );
  const stores = await db.query<{ id: number }>(`SELECT id FROM locations WHERE name LIKE 'Bom Preço Loja %' ORDER BY id`);
  const [customer] = await db.query<{ id: number }>(`SELECT id FROM customers WHERE email = 'cliente.benchmark@bench.test'`);
  const sample = await db.query<{ id: number; name: string }>(`SELECT id, name FROM products ORDER BY id LIMIT 5`);
  return {
    products: Number(counts!.products),
    offers: Number(counts!.offers),
    storeIds: stores.map((s) => s.id),
    customerId: customer?.id ?? 0,
    sample: sample.map((s) => s.name),
    productId: sample[0]?.id ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Load: every response time of a row kept, so p95 is exact.

async function main() {
  // The IPC channel alone does not keep this process waiting for the server's answers.
  const keepAlive = setInterval(() => undefined, 1_000);
  const dataset = await seedDataset();
  console.log(`dataset: ${dataset.products} products, ${dataset.offers} offers, ${dataset.storeIds.length} stores; e.g. ${dataset.sample.join(' · ')}`);
  const bundle = await bundleServer(resolve(REPO, 'bench/catalog.ts'), 'catalog');
  const child: ChildProcess = fork(bundle.server, ['--serve'], { execArgv: ['--enable-source-maps'], env: { ...process.env, BENCH_REPO: REPO } });
  const { next, ask, close } = serverChannel(child);
  const ready = await next();
  processes.server = child.pid;
  const appUrl = `http://127.0.0.1:${ready.appPort}`;
  const bareUrl = `http://127.0.0.1:${ready.barePort}`;

  const login = await fetch(`${appUrl}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@varejo.test', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };

  // The machine is shared: its load before the rows is written beside them.
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const rows: Record<string, Timed> = {};
  let uncachedCarts: { requests: number; p50: number; p95: number; max: number } | undefined;
  const samples: Record<string, { status: number; ms: number; bytes: number; note: string }> = {};
  /** One request outside the load: its status, size and what it found, and the bare route set to answer the same body. */
  const sampleOf = async (label: string, bareName: string, path: string, init: RequestInit, note: (body: Record<string, unknown>) => string) => {
    const t0 = performance.now();
    const res = await fetch(`${appUrl}${path}`, init);
    const text = await res.text();
    const ms = round(performance.now() - t0);
    const body = JSON.parse(text) as Record<string, unknown>;
    samples[label] = { status: res.status, ms, bytes: text.length, note: res.ok ? note(body) : text.slice(0, 300) };
    console.log(`sample ${label}: ${res.status} in ${ms} ms (alone), ${text.length} bytes, ${samples[label]!.note}`);
    await ask({ type: 'bare-body', name: bareName, body });
  };

  const searchPath = (word: string, store?: number) => `/search/products?query=${encodeURIComponent(word)}${store ? `&location_id=${store}` : ''}`;
  const searches = SEARCH_WORDS.map((word) => ({ method: 'GET' as const, path: searchPath(word), headers: auth, body: '' }));
  const storeSearches = SEARCH_WORDS.flatMap((word, i) => ({ method: 'GET' as const, path: searchPath(word, dataset.storeIds[i % dataset.storeIds.length]), headers: auth, body: '' }));
  // Searches no earlier request asked for (another page size and page for each request of a run): every
  // one is ranked from the indexes, none answered from the catalog cache.
  const uncachedSearches = Array.from({ length: 20_000 }, (_, i) => ({
    method: 'GET' as const,
    path: `${searchPath(SEARCH_WORDS[i % SEARCH_WORDS.length]!, i % 2 ? dataset.storeIds[i % dataset.storeIds.length] : undefined)}&quantity=${20 + ((i * 7) % 31)}&page=${1 + (Math.floor(i / SEARCH_WORDS.length) % 16)}`,
    headers: auth,
    body: '',
  }));
  const names = (body: Record<string, unknown>) => {
    const data = (body.data as Array<{ name: string }> | undefined) ?? [];
    return `${(body.meta as { total?: number } | undefined)?.total ?? data.length} found, first: ${data.slice(0, 3).map((p) => p.name).join(' · ')}`;
  };

  if (onlyRows !== 'carts') {
    await sampleOf('search', 'search', searchPath('aroz'), { headers: auth }, names);
    await sampleOf('search with location_id', 'search-store', searchPath('acucar', dataset.storeIds[0]), { headers: auth }, names);
    for (const word of ['feijao', 'leite integral', 'cafe']) {
      const res = await fetch(`${appUrl}${searchPath(word)}`, { headers: auth });
      console.log(`  "${word}": ${res.status}, ${names((await res.json()) as Record<string, unknown>)}`);
    }
    // Warm-up (JIT, connections, the database's caches), not recorded.
    await autocannon({ url: appUrl, connections: CONNECTIONS, duration: 3, requests: rotating(searches) });
    await autocannon({ url: bareUrl, connections: CONNECTIONS, duration: 2, requests: rotating([{ method: 'GET', path: '/bare/search', headers: {}, body: '' }]) });
    Object.assign(
      rows,
      await interleavedRows([
        ['bare GET /bare (search-sized body)', { url: bareUrl, requests: rotating([{ method: 'GET', path: '/bare/search', headers: {}, body: '' }]) }],
        ['GET /search/products?query=<typed word>', { url: appUrl, requests: rotating(searches) }],
        ['GET /search/products?query=<typed word>&location_id', { url: appUrl, requests: rotating(storeSearches) }],
        ['GET /search/products, not cached (a new page each request; half with location_id)', { url: appUrl, requests: rotating(uncachedSearches) }],
      ]),
    );
  }

  if (onlyRows !== 'search') {
    const generate = LISTS.map((list, i) => ({
      method: 'POST' as const,
      path: '/api/shopping-cart/generate',
      headers: json,
      body: JSON.stringify({ customer_id: dataset.customerId, location_id: dataset.storeIds[i % dataset.storeIds.length], list }),
    }));
    await sampleOf('cart generation (30 lines)', 'cart', generate[0]!.path, { method: 'POST', headers: json, body: generate[0]!.body }, (body) => {
      const groups = (body.groups ?? {}) as Record<string, unknown[]>;
      return `cart ${String(body.id)}: ${Object.entries(groups).map(([k, v]) => `${v.length} ${k}`).join(', ')}; total R$ ${String(body.total)}`;
    });
    await autocannon({ url: appUrl, connections: CONNECTIONS, duration: 3, requests: rotating(generate) });
    Object.assign(
      rows,
      await interleavedRows([
        ['bare POST /bare (cart-sized body)', { url: bareUrl, requests: rotating([{ method: 'POST', path: '/bare/cart', headers: { 'content-type': 'application/json' }, body: generate[0]!.body }]) }],
        // A fixed number of requests per turn: a turn of DURATION / SLICES seconds would cut off the slow answers it waits for.
        ['POST /api/shopping-cart/generate (30 lines)', { url: appUrl, requests: rotating(generate), amount: CART_REQUESTS_PER_TURN, timeout: 120 }],
      ]),
    );
    // The same lists, one at a time, each after a change to the store's catalog (an offer's stock, through
    // the API): every line is matched from the indexes again, none answered from the catalog cache.
    const times: number[] = [];
    for (let i = 0; i < UNCACHED_CARTS; i++) {
      const store = dataset.storeIds[i % dataset.storeIds.length]!;
      const change = await fetch(`${appUrl}/api/offer/${store}/${dataset.productId}`, { method: 'PATCH', headers: json, body: JSON.stringify({ stock: 100 + i }) });
      if (!change.ok) throw new Error(`offer change: ${change.status} ${await change.text()}`);
      const t0 = performance.now();
      const res = await fetch(`${appUrl}${generate[i % generate.length]!.path}`, { method: 'POST', headers: json, body: generate[i % generate.length]!.body });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`cart generation: ${res.status}`);
      times.push(performance.now() - t0);
    }
    const sorted = times.sort((a, b) => a - b);
    uncachedCarts = { requests: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1)!) };
    console.log(`cart generation alone after a catalog change (not cached): p50 ${uncachedCarts.p50} ms, p95 ${uncachedCarts.p95} ms, max ${uncachedCarts.max} ms`);
  }

  await close();
  clearInterval(keepAlive);

  const bareOf = (label: string) => rows[label.includes('POST ') ? 'bare POST /bare (cart-sized body)' : 'bare GET /bare (search-sized body)'];
  const shown = Object.fromEntries(
    Object.entries(rows).map(([label, r]) => {
      const bare = bareOf(label)!;
      return [label, { 'req/s': r.rps, p50: r.p50, p95: r.p95, p99: r.p99, non2xx: r.non2xx, errors: r.errors, 'req/s vs bare': `${((r.rps / bare.rps) * 100).toFixed(1)}%`, 'p95 vs bare': `${(r.p95 / Math.max(bare.p95, 0.01)).toFixed(1)}×` }];
    }),
  );
  const target = (label: string, ms: number) =>
    rows[label] ? { [`${label}: p95 ≤ ${ms} ms`]: { value: `${rows[label]!.p95} ms (p50 ${rows[label]!.p50}, p99 ${rows[label]!.p99}; non-2xx ${rows[label]!.non2xx}, errors ${rows[label]!.errors})`, pass: rows[label]!.p95 <= ms && rows[label]!.non2xx === 0 && rows[label]!.errors === 0 } } : {};
  const checks = {
    ...target('GET /search/products?query=<typed word>', SEARCH_P95_MS),
    ...target('GET /search/products?query=<typed word>&location_id', SEARCH_P95_MS),
    ...target('POST /api/shopping-cart/generate (30 lines)', CART_P95_MS),
  };
  console.log(
    `\n${DURATION}s per row in ${SLICES} turns (carts: ${SLICES} × ${CART_REQUESTS_PER_TURN} requests), ${CONNECTIONS} connections, PostgreSQL, redis: ${ready.redis ? 'on' : 'in-process'}, ` +
      `${availableParallelism()} cores, load average before ${loadBefore.join(' / ')}`,
  );
  console.table(shown);
  console.table(checks);
  writeResults(
    'catalog',
    {
      redis: ready.redis,
      loadAverage: { before: loadBefore, after: loadavg().map((l) => Math.round(l * 100) / 100) },
      dataset: { products: dataset.products, offers: dataset.offers, stores: dataset.storeIds.length, productTypes: TYPES.length, brands: BRANDS.length, example: dataset.sample },
      searchWords: SEARCH_WORDS,
      listLines: LIST_LENGTH,
      samples,
      rows,
      uncachedCarts,
    },
    checks,
  );
}

if (process.argv.includes('--serve')) await serve();
else await main();
