import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { generatedCatalog, productImage, shelfPrice, unitHash } from './catalog.seed-data.ts';

/** The generated catalog goes to this account (~2,000 products); the others keep their few. */
const GENERATED_FOR = 'supermercado-bom-preco';
const DAY = 86_400_000;

/** Stores per account slug: realistic São Paulo addresses so pickers and maps have something true to show. */
const LOCATIONS: Record<string, Array<{ name: string; externalId: string; street: string; number: string; neighborhood: string; city: string; state: string; zipCode: string; latitude: number; longitude: number; active?: boolean }>> = {
  'supermercado-bom-preco': [
    { name: 'Bom Preço Pinheiros', externalId: 'LJ001', street: 'Rua dos Pinheiros', number: '1200', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP', zipCode: '05422-001', latitude: -23.5653, longitude: -46.6856 },
    { name: 'Bom Preço Moema', externalId: 'LJ002', street: 'Avenida Ibirapuera', number: '2500', neighborhood: 'Moema', city: 'São Paulo', state: 'SP', zipCode: '04028-001', latitude: -23.6019, longitude: -46.6651 },
    { name: 'Bom Preço Tatuapé', externalId: 'LJ003', street: 'Rua Tuiuti', number: '1800', neighborhood: 'Tatuapé', city: 'São Paulo', state: 'SP', zipCode: '03081-000', latitude: -23.5403, longitude: -46.5762 },
    { name: 'Bom Preço Santana', externalId: 'LJ004', street: 'Rua Voluntários da Pátria', number: '3100', neighborhood: 'Santana', city: 'São Paulo', state: 'SP', zipCode: '02401-000', latitude: -23.4997, longitude: -46.6263 },
    { name: 'Bom Preço Campinas Cambuí', externalId: 'LJ005', street: 'Rua Coronel Quirino', number: '900', neighborhood: 'Cambuí', city: 'Campinas', state: 'SP', zipCode: '13025-001', latitude: -22.8945, longitude: -47.0503 },
    { name: 'Bom Preço Santo André', externalId: 'LJ006', street: 'Avenida Portugal', number: '450', neighborhood: 'Centro', city: 'Santo André', state: 'SP', zipCode: '09040-001', latitude: -23.6639, longitude: -46.5383, active: false },
  ],
  'bom-preco-atacado': [
    { name: 'Atacado Guarulhos', externalId: 'AT01', street: 'Rodovia Presidente Dutra', number: 'km 225', neighborhood: 'Jardim Cumbica', city: 'Guarulhos', state: 'SP', zipCode: '07034-000', latitude: -23.4538, longitude: -46.5333 },
    { name: 'Atacado Osasco', externalId: 'AT02', street: 'Avenida dos Autonomistas', number: '4000', neighborhood: 'Vila Yara', city: 'Osasco', state: 'SP', zipCode: '06020-010', latitude: -23.5329, longitude: -46.7917 },
  ],
};

type P = [sku: string, name: string, brand: string, categories: string, priceCents: number, unit?: string, stock?: number];

/** Catalog per account slug. SKUs are the offer ids promotions and flyers refer to. */
const PRODUCTS: Record<string, P[]> = {
  'supermercado-bom-preco': [
    ['cafe-aurora-tradicional-500g', 'Café Aurora Tradicional 500g', 'Café Aurora', 'Mercearia > Café > Café em pó', 1890],
    ['cafe-aurora-extraforte-500g', 'Café Aurora Extraforte 500g', 'Café Aurora', 'Mercearia > Café > Café em pó', 1990],
    ['cafe-aurora-capsulas-10un', 'Café Aurora Cápsulas Espresso 10 unidades', 'Café Aurora', 'Mercearia > Café > Cápsulas', 2490],
    ['leite-integral-1l', 'Leite Integral Serra Verde 1L', 'Serra Verde', 'Frios e Laticínios > Leite', 549],
    ['leite-desnatado-1l', 'Leite Desnatado Serra Verde 1L', 'Serra Verde', 'Frios e Laticínios > Leite', 569],
    ['iogurte-natural-170g', 'Iogurte Natural Serra Verde 170g', 'Serra Verde', 'Frios e Laticínios > Iogurtes e manteigas', 329],
    ['queijo-mucarela-kg', 'Queijo Muçarela Fatiado', 'Serra Verde', 'Frios e Laticínios > Queijos', 4990, 'kg'],
    ['manteiga-com-sal-200g', 'Manteiga com Sal 200g', 'Serra Verde', 'Frios e Laticínios > Iogurtes e manteigas', 1290],
    ['arroz-tipo1-5kg', 'Arroz Branco Tipo 1 Grão Bom 5kg', 'Grão Bom', 'Mercearia > Arroz e Feijão > Arroz', 2790],
    ['feijao-carioca-1kg', 'Feijão Carioca Grão Bom 1kg', 'Grão Bom', 'Mercearia > Arroz e Feijão > Feijão', 899],
    ['feijao-preto-1kg', 'Feijão Preto Grão Bom 1kg', 'Grão Bom', 'Mercearia > Arroz e Feijão > Feijão', 949],
    ['acucar-refinado-1kg', 'Açúcar Refinado Doce Vida 1kg', 'Doce Vida', 'Mercearia > Açúcar', 489],
    ['oleo-soja-900ml', 'Óleo de Soja Campo Sul 900ml', 'Campo Sul', 'Mercearia > Óleos', 749],
    ['azeite-extravirgem-500ml', 'Azeite Extravirgem Oliva Real 500ml', 'Oliva Real', 'Mercearia > Óleos > Azeite', 3490],
    ['macarrao-espaguete-500g', 'Macarrão Espaguete Nonna 500g', 'Nonna', 'Mercearia > Massas', 459],
    ['molho-tomate-340g', 'Molho de Tomate Tradicional Nonna 340g', 'Nonna', 'Mercearia > Molhos', 329],
    ['biscoito-recheado-chocolate-140g', 'Biscoito Recheado Chocolate Crocante 140g', 'Crocante', 'Mercearia > Biscoitos', 299],
    ['picanha-bovina-kg', 'Picanha Bovina Resfriada', 'Boi Nobre', 'Açougue > Bovinos', 7990, 'kg'],
    ['contra-file-kg', 'Contrafilé Bovino Resfriado', 'Boi Nobre', 'Açougue > Bovinos', 5490, 'kg'],
    ['frango-inteiro-kg', 'Frango Inteiro Congelado', 'Granja Feliz', 'Açougue > Aves', 1190, 'kg'],
    ['linguica-toscana-kg', 'Linguiça Toscana', 'Granja Feliz', 'Açougue > Suínos', 2390, 'kg'],
    ['banana-prata-kg', 'Banana Prata', 'Hortifrúti', 'Hortifrúti > Frutas', 699, 'kg'],
    ['tomate-italiano-kg', 'Tomate Italiano', 'Hortifrúti', 'Hortifrúti > Legumes', 899, 'kg'],
    ['alface-crespa', 'Alface Crespa Hidropônica', 'Hortifrúti', 'Hortifrúti > Verduras', 399],
    ['maca-gala-kg', 'Maçã Gala', 'Hortifrúti', 'Hortifrúti > Frutas', 1099, 'kg'],
    ['batata-inglesa-kg', 'Batata Inglesa', 'Hortifrúti', 'Hortifrúti > Legumes', 599, 'kg'],
    ['cerveja-pilsen-lata-350ml', 'Cerveja Pilsen Lata 350ml', 'Cervejaria Paulista', 'Cervejas > Cervejas', 379],
    ['cerveja-artesanal-ipa-500ml', 'Cerveja Artesanal IPA 500ml', 'Lúpulo Bravo', 'Cervejas > Cervejas > Artesanais', 1890],
    ['refrigerante-cola-2l', 'Refrigerante Cola 2L', 'Refresco Brasil', 'Bebidas > Refrigerantes', 999],
    ['suco-laranja-integral-1l', 'Suco de Laranja Integral 1L', 'Pomar', 'Bebidas > Sucos', 1290],
    ['agua-mineral-1-5l', 'Água Mineral sem Gás 1,5L', 'Fonte Clara', 'Bebidas > Águas', 289],
    ['vinho-tinto-chileno-750ml', 'Vinho Tinto Carménère 750ml', 'Valle Andino', 'Vinhos > Vinhos', 4990],
    ['sabao-po-1-6kg', 'Sabão em Pó Limpeza Total 1,6kg', 'Limpeza Total', 'Limpeza > Roupas', 2290],
    ['detergente-500ml', 'Detergente Líquido Neutro 500ml', 'Limpeza Total', 'Limpeza > Cozinha', 259],
    ['papel-higienico-12un', 'Papel Higiênico Folha Dupla 12 rolos', 'Maciez', 'Higiene > Papel higiênico', 2190],
    ['shampoo-350ml', 'Shampoo Hidratação 350ml', 'Bela Flor', 'Higiene > Cabelos', 1590],
    ['creme-dental-90g', 'Creme Dental Menta 90g', 'Sorriso', 'Higiene > Bucal', 449],
    ['pao-frances-kg', 'Pão Francês', 'Padaria Bom Preço', 'Padaria > Pães', 1690, 'kg'],
    ['bolo-fuba-400g', 'Bolo de Fubá 400g', 'Padaria Bom Preço', 'Padaria > Bolos', 1490],
    ['racao-caes-adultos-10kg', 'Ração para Cães Adultos 10kg', 'Amigo Fiel', 'Pet > Cães', 11990, 'un', 0],
  ],
  'bom-preco-atacado': [
    ['arroz-tipo1-5kg-fardo', 'Arroz Tipo 1 Grão Bom fardo 6x5kg', 'Grão Bom', 'Mercearia > Arroz e Feijão > Arroz', 15900],
    ['oleo-soja-caixa-20un', 'Óleo de Soja Campo Sul caixa 20x900ml', 'Campo Sul', 'Mercearia > Óleos', 13900],
    ['cafe-aurora-tradicional-fardo', 'Café Aurora Tradicional fardo 10x500g', 'Café Aurora', 'Mercearia > Café > Café em pó', 17900],
  ],
};

/** Each seeded SKU's picture, served by the web app (packages/web/public/brand/products). */
const PRODUCT_IMAGES = '/brand/products/';
const imageOf = (sku: string) => `${PRODUCT_IMAGES}${sku}.svg`;

/** Catalog tags of some SKUs (an ad query's `tags` limit product ads to SKUs with one of them). */
const TAGS: Record<string, string[]> = {
  'cafe-aurora-tradicional-500g': ['café', 'café da manhã', 'mais vendidos'],
  'cafe-aurora-extraforte-500g': ['café', 'café da manhã'],
  'cafe-aurora-capsulas-10un': ['café', 'cápsulas', 'lançamento'],
  'cafe-aurora-tradicional-fardo': ['café', 'atacado'],
  'leite-integral-1l': ['café da manhã', 'mais vendidos'],
  'pao-frances-kg': ['café da manhã', 'padaria'],
  'bolo-fuba-400g': ['café da manhã', 'padaria'],
  'picanha-bovina-kg': ['churrasco'],
  'linguica-toscana-kg': ['churrasco'],
  'cerveja-pilsen-lata-350ml': ['churrasco', 'bebida gelada'],
};

/**
 * Idempotent: adds the stores and products an account does not have yet, and the seed's tags and
 * pictures to products that have none (so a database seeded before them gets them; what people set is kept).
 */
export async function seedCatalog(db: Db, accountIds: Map<string, number>): Promise<void> {
  for (const [slug, locations] of Object.entries(LOCATIONS)) {
    const accountId = accountIds.get(slug)!;
    const existing = new Set((await db.location.findMany({ where: { accountId }, select: { externalId: true } })).map((l) => l.externalId));
    const missing = locations.filter((l) => !existing.has(l.externalId));
    if (missing.length) await db.location.createMany({ data: missing.map((l) => ({ ...l, accountId, active: l.active ?? true })) });
  }
  for (const [slug, products] of Object.entries(PRODUCTS)) {
    const accountId = accountIds.get(slug)!;
    await db.product.createMany({
      skipDuplicates: true,
      data: products.map(([sku, name, brand, categories, priceCents, unit = 'un', stock = 250]) => ({
        accountId,
        sku,
        name,
        brand,
        categories: categories.split(' > '),
        priceCents,
        unitMeasurement: unit,
        availableStock: stock,
        isAvailable: stock > 0,
        imageUrl: imageOf(sku),
        url: `https://loja.bompreco.varejo.test/p/${sku}`,
        referenceCode: sku.toUpperCase().replace(/-/g, '').slice(0, 12),
        tags: TAGS[sku] ?? [],
      })),
    });
    for (const [sku] of products) {
      const tags = TAGS[sku];
      if (tags) await db.product.updateMany({ where: { accountId, sku, tags: { isEmpty: true } }, data: { tags } });
    }
    const skus = products.map(([sku]) => sku);
    await db.$executeRaw`
      UPDATE products SET image_url = ${PRODUCT_IMAGES}::text || sku || '.svg'
       WHERE account_id = ${accountId} AND image_url IS NULL AND sku = ANY(${skus}::text[])`;
  }
  await seedGeneratedCatalog(db, accountIds.get(GENERATED_FOR)!);
  for (const slug of Object.keys(PRODUCTS)) await seedOffers(db, accountIds.get(slug)!);
  await seedCosts(db, Object.keys(PRODUCTS).map((slug) => accountIds.get(slug)!));
}

/**
 * What the products cost the retailer (62–78% of the price, by SKU), before any order is seeded: the
 * lines keep it and the sales dashboards show a margin. One product in 30 has no cost known.
 */
async function seedCosts(db: Db, accountIds: number[]) {
  await db.$executeRaw`
    UPDATE products SET cost_cents = round(price_cents * (0.62 + (abs(hashtext(sku || ':cost')) % 1000) / 1000.0 * 0.16))::bigint
     WHERE account_id = ANY(${accountIds}::int[]) AND cost_cents IS NULL AND abs(hashtext(sku || ':no-cost')) % 30 <> 0`;
}

/** The generated products an account does not have yet (by SKU; a name the hand-written list has is left out). */
async function seedGeneratedCatalog(db: Db, accountId: number) {
  const names = new Set(PRODUCTS[GENERATED_FOR]!.map(([, name]) => name));
  // Only what is missing reaches INSERT (its trigger computes the search columns even for a row ON CONFLICT skips).
  const existing = new Set((await db.product.findMany({ where: { accountId }, select: { sku: true } })).map((p) => p.sku));
  const data = generatedCatalog(52)
    .filter((p) => !names.has(p.name) && !existing.has(p.sku))
    .map((p) => {
      const h = unitHash(`${p.sku}:stock`);
      const stock = h < 0.02 ? 0 : Math.round(20 + h * 480);
      return {
        accountId,
        sku: p.sku,
        name: p.name,
        brand: p.brand,
        gtin: p.gtin,
        categories: p.categories,
        priceCents: p.priceCents,
        unitMeasurement: p.unit,
        sizePack: p.sizePack,
        weightPerUnit: p.weightPerUnit,
        availableStock: stock,
        isAvailable: stock > 0,
        imageUrl: productImage(p.categories[0]!, p.name),
        url: `https://loja.bompreco.varejo.test/p/${p.sku}`,
        referenceCode: p.gtin.slice(-8),
        tags: p.tags,
      };
    });
  // One INSERT … SELECT FROM unnest(arrays) per batch: a statement of ten parameters, not ten per row.
  const col = <K extends keyof (typeof data)[number]>(k: K) => data.map((d) => d[k]);
  await db.$executeRaw`
    INSERT INTO products (account_id, sku, name, brand, gtin, categories, price_cents, unit_measurement, size_pack, weight_per_unit,
                          available_stock, is_available, image_url, url, reference_code, tags, updated_at)
    SELECT ${accountId}, sku, name, brand, gtin, string_to_array(categories, ' > '), price, unit, size_pack, weight,
           stock, stock > 0, image, url, ref, CASE WHEN tags = '' THEN '{}'::text[] ELSE string_to_array(tags, '|') END, now()
      FROM unnest(${col('sku')}::text[], ${col('name')}::text[], ${col('brand')}::text[], ${col('gtin')}::text[],
                  ${data.map((d) => d.categories.join(' > '))}::text[], ${col('priceCents')}::bigint[], ${col('unitMeasurement')}::text[],
                  ${col('sizePack')}::text[], ${col('weightPerUnit')}::float8[], ${col('availableStock')}::int[], ${col('imageUrl')}::text[],
                  ${col('url')}::text[], ${col('referenceCode')}::text[], ${data.map((d) => d.tags.join('|'))}::text[])
           AS t(sku, name, brand, gtin, categories, price, unit, size_pack, weight, stock, image, url, ref, tags)
    ON CONFLICT (account_id, sku) DO NOTHING`;
}

/**
 * An offer at every store of the account for each product that has none there: the product's price
 * varied by store (±8%), a promotion on some (most running around today, a few scheduled or over),
 * a few stock-outs (stock 0) and offers the store stopped selling, so carts meet stock_out lines.
 */
async function seedOffers(db: Db, accountId: number) {
  const [stores, products] = await Promise.all([
    db.location.findMany({ where: { accountId }, select: { id: true, externalId: true }, orderBy: { id: 'asc' } }),
    db.product.findMany({ where: { accountId }, select: { id: true, sku: true, priceCents: true, availableStock: true, isAvailable: true } }),
  ]);
  const today = new Date();
  today.setUTCHours(3, 0, 0, 0); // midnight in São Paulo
  const at = (days: number) => new Date(today.getTime() + days * DAY);
  const data = stores.flatMap((store) =>
    products.map((p) => {
      const key = `${p.sku}@${store.externalId ?? store.id}`;
      const h = unitHash(key);
      const price = shelfPrice(Number(p.priceCents) * (0.92 + unitHash(`${key}:price`) * 0.16));
      const promo = h < 0.1;
      const promoKind = unitHash(`${key}:promo`);
      const stock = !p.isAvailable || h > 0.96 ? 0 : Math.round(5 + unitHash(`${key}:stock`) * 195);
      return {
        accountId,
        locationId: store.id,
        productId: p.id,
        priceCents: price,
        promotionalPriceCents: promo ? shelfPrice(price * (0.75 + promoKind * 0.15)) : null,
        promotionStartAt: promo ? (promoKind < 0.8 ? at(-3) : promoKind < 0.9 ? at(3) : at(-20)) : null,
        promotionEndAt: promo ? (promoKind < 0.8 ? at(7) : promoKind < 0.9 ? at(10) : at(-5)) : null,
        stock,
        isAvailable: !(h > 0.94 && h <= 0.96),
      };
    }),
  );
  const col = <K extends keyof (typeof data)[number]>(k: K) => data.map((d) => d[k]);
  await db.$executeRaw`
    INSERT INTO offers (account_id, location_id, product_id, price_cents, promotional_price_cents, promotion_start_at, promotion_end_at, stock, is_available, updated_at)
    SELECT ${accountId}, l, p, price, promo, start_at, end_at, stock, available, now()
      FROM unnest(${col('locationId')}::int[], ${col('productId')}::int[], ${col('priceCents')}::bigint[], ${col('promotionalPriceCents')}::bigint[],
                  ${col('promotionStartAt')}::timestamptz[], ${col('promotionEndAt')}::timestamptz[], ${col('stock')}::int[], ${col('isAvailable')}::boolean[])
           AS t(l, p, price, promo, start_at, end_at, stock, available)
    ON CONFLICT (location_id, product_id) DO NOTHING`;
}

/** The demo accounts' stores and products. */
export const catalogSeed: ModuleSeed = { name: 'catalog', seed: (db, { accountIds }) => seedCatalog(db, accountIds) };
