import { describe, expect, it } from 'vitest';
import { emptyPlacement, emptyTesterValues, fieldOf, placementNames, serverErrors, toCurl, toRmaBody, validateTester, withContext, type PlacementValues, type TesterValues } from './tester-rules';

const base = (over: Partial<TesterValues> = {}): TesterValues => ({ ...emptyTesterValues('1'), ...over });
const placement = (over: Partial<PlacementValues> = {}): PlacementValues => ({ ...emptyPlacement(), ...over });

describe('ad-request tester rules (VTEX Ads request)', () => {
  it('accepts a home request for products with the defaults', () => {
    expect(validateTester(base())).toEqual({});
    expect(toRmaBody(base())).toEqual({ context: 'home', placements: { home_product: { types: ['product'], quantity: 1 } } });
  });

  it('requires publisher, context, a type and a quantity from 1 to 20 per placement', () => {
    const errors = validateTester(base({ publisherId: '', context: '', placements: [placement({ types: [], quantity: '' })] }));
    expect(errors).toMatchObject({
      publisherId: 'Escolha o publisher.',
      context: 'Escolha o contexto.',
      'placements.0.types': 'Informe ao menos um tipo de anúncio.',
      'placements.0.quantity': 'Informe uma quantidade de 1 a 20.',
    });
    for (const quantity of [0, 21, 2.5]) expect(validateTester(base({ placements: [placement({ quantity })] }))['placements.0.quantity']).toBe('Informe uma quantidade de 1 a 20.');
    expect(validateTester(base({ placements: [placement({ quantity: 20 })] }))).toEqual({});
  });

  it('banner requires a size, on its own placement', () => {
    const values = base({ placements: [placement(), placement({ types: ['banner'] })] });
    expect(validateTester(values)).toEqual({ 'placements.1.size': 'Informe o tamanho (size) do banner.' });
    values.placements[1]!.size = 'desktop';
    expect(validateTester(values)).toEqual({});
  });

  it('each context requires its own fields; digital signage a device and its store', () => {
    expect(validateTester(base({ context: 'search' })).term).toBe('Informe o termo buscado (term).');
    expect(validateTester(base({ context: 'search', term: '   ' })).term).toBe('Informe o termo buscado (term).');
    expect(validateTester(base({ context: 'product_page' })).sku).toBe('Informe o SKU do produto (product_sku).');
    expect(validateTester(base({ context: 'brand_page' })).brand).toBe('Informe a marca (brand_name).');
    expect(validateTester(base({ context: 'category' })).category).toBe('Informe a categoria (category_name).');
    expect(validateTester(base({ context: 'digital_signage' }))).toMatchObject({ deviceId: 'Informe o dispositivo (device_id).', storeName: 'Informe a loja do dispositivo (store_name).' });
    expect(validateTester(base({ context: 'search', term: 'café' }))).toEqual({});
  });

  it('changing the context clears the other contexts’ fields; signage defaults the channel to in-store', () => {
    const filled = base({ context: 'search', term: 'café', category: 'Mercearia', sku: 'sku-1', brand: 'Aurora', deviceId: 'tela-1', sessionId: 's1' });
    expect(withContext(filled, 'product_page')).toMatchObject({ context: 'product_page', term: '', category: '', sku: 'sku-1', brand: '', deviceId: '', sessionId: 's1' });
    expect(withContext(filled, 'digital_signage')).toMatchObject({ channel: 'in-store', deviceId: 'tela-1', term: '' });
    expect(withContext(base({ channel: 'app' }), 'digital_signage').channel).toBe('app');
  });

  it('names placements after the context and type unless named, numbering repeats, and refuses repeated names', () => {
    const values = base({ context: 'search', placements: [placement(), placement({ types: ['banner', 'product'] }), placement(), placement({ name: ' topo ' })] });
    expect(placementNames(values)).toEqual(['search_product_1', 'search_banner', 'search_product_3', 'topo']);
    const repeated = base({ placements: [placement({ name: 'topo' }), placement({ name: 'topo' })] });
    expect(validateTester(repeated)['placements.1.name']).toBe('Já há um posicionamento com este nome.');
    expect(validateTester(base({ placements: [placement({ name: 'query_id' })] }))['placements.0.name']).toMatch(/reservado/);
  });

  it('builds the exact body: the context’s fields, every documented option, and no defaults', () => {
    const values = base({
      context: 'digital_signage',
      channel: 'in-store',
      deviceId: ' tela-01 ',
      storeName: 'Loja Centro',
      term: 'leftover',
      storeId: '12',
      sessionId: 's1',
      userId: 'u1',
      site: 'bompreco',
      userAgent: 'Mozilla/5.0',
      segmentation: [
        { key: 'STATE', values: 'SP, RJ ,' },
        { key: '', values: '' },
        { key: 'GENDER', values: 'F' },
      ],
      tags: ['promo'],
      dedupCampaignAds: true,
      placements: [
        placement({ name: 'tela', types: ['banner'], size: '1080p', assetsType: ['video'], allowSkuDuplications: true }),
        placement({ name: 'lista', quantity: '3', allowSkuDuplications: true, assetsType: ['image'] }),
      ],
    });
    expect(toRmaBody(values)).toEqual({
      context: 'digital_signage',
      channel: 'in-store',
      device_id: 'tela-01',
      store_name: 'Loja Centro',
      store_id: '12',
      session_id: 's1',
      user_id: 'u1',
      brand: 'bompreco',
      userAgent: 'Mozilla/5.0',
      segmentation: [
        { key: 'STATE', values: ['SP', 'RJ'] },
        { key: 'GENDER', values: ['F'] },
      ],
      tags: ['promo'],
      dedup_campaign_ads: true,
      placements: {
        tela: { types: ['banner'], quantity: 1, size: '1080p', assets_type: ['video'] },
        lista: { types: ['product'], quantity: 3, allow_sku_duplications: true },
      },
    });
    expect(validateTester(values)).toEqual({});
  });

  it('maps API field paths to form fields, placements by name and segmentation rows past blank ones', () => {
    const values = base({
      placements: [placement({ name: 'topo' }), placement({ name: 'lateral', types: ['banner'] })],
      segmentation: [
        { key: '', values: '' },
        { key: 'STATE', values: 'SP' },
      ],
    });
    expect(fieldOf('term', values)).toBe('term');
    expect(fieldOf('category_name', values)).toBe('category');
    expect(fieldOf('device_id', values)).toBe('deviceId');
    expect(fieldOf('placements.lateral.size', values)).toBe('placements.1.size');
    expect(fieldOf('placements.topo.types.0', values)).toBe('placements.0.types');
    expect(fieldOf('placements.lateral.assets_type.0', values)).toBe('placements.1.assetsType');
    expect(fieldOf('placements.topo', values)).toBe('placements.0.name');
    expect(fieldOf('placements.outro.size', values)).toBeNull();
    expect(fieldOf('placements', values)).toBeNull();
    expect(fieldOf('segmentation.0.values.0', values)).toBe('segmentation.1.values');
    expect(fieldOf('tags.3', values)).toBe('tags');
    expect(serverErrors([{ field: 'product_sku', message: 'SKU?' }, { field: 'body', message: 'Outro' }], values)).toEqual({ fields: { sku: 'SKU?' }, other: ['Outro'] });
  });

  it('writes a curl with the exact body, quoted for the shell; the key header only when the publisher requires one', () => {
    const body = { context: 'search' as const, term: "d'água", placements: { p: { types: ['product' as const], quantity: 1 } } };
    const data = `  -d '{"context":"search","term":"d'\\''água","placements":{"p":{"types":["product"],"quantity":1}}}'`;
    expect(toCurl('https://bo.test', '1', body)).toBe(["curl -X POST 'https://bo.test/v1/rma/1' \\", "  -H 'content-type: application/json' \\", data].join('\n'));
    expect(toCurl('https://bo.test', '1', body, { withKey: true })).toBe(
      ["curl -X POST 'https://bo.test/v1/rma/1' \\", "  -H 'content-type: application/json' \\", "  -H 'x-api-key: SUA_CHAVE' \\", data].join('\n'),
    );
  });
});
