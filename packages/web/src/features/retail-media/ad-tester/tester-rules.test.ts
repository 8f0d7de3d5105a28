import { describe, expect, it } from 'vitest';
import { emptyTesterValues, fieldOf, serverErrors, toCurl, toRmaBody, validateTester, withContext, withType, type TesterValues } from './tester-rules';

const base = (over: Partial<TesterValues> = {}): TesterValues => ({ ...emptyTesterValues('1'), ...over });

describe('ad-request tester rules (spec §5)', () => {
  it('accepts a home request for products with the defaults', () => {
    expect(validateTester(base())).toEqual({});
  });

  it('requires publisher, type, context and a quantity from 1 to 10', () => {
    const errors = validateTester(base({ publisherId: '', type: '', context: '', quantity: '' }));
    expect(errors).toMatchObject({
      publisherId: 'Escolha o publisher.',
      type: 'Escolha o tipo de anúncio.',
      context: 'Escolha o contexto.',
      quantity: 'Informe uma quantidade de 1 a 10.',
    });
    expect(validateTester(base({ quantity: 11 })).quantity).toBe('Informe uma quantidade de 1 a 10.');
    expect(validateTester(base({ quantity: 0 })).quantity).toBe('Informe uma quantidade de 1 a 10.');
    expect(validateTester(base({ quantity: 2.5 })).quantity).toBe('Informe uma quantidade de 1 a 10.');
    expect(validateTester(base({ quantity: 10 }))).toEqual({});
  });

  it('banner requires a size', () => {
    expect(validateTester(base({ type: 'banner' })).size).toBe('Informe o tamanho (size) do banner.');
    expect(validateTester(base({ type: 'banner', size: '728x90' }))).toEqual({});
  });

  it('each context requires its own field', () => {
    expect(validateTester(base({ context: 'search' })).term).toBe('Informe o termo buscado (term).');
    expect(validateTester(base({ context: 'search', term: '   ' })).term).toBe('Informe o termo buscado (term).');
    expect(validateTester(base({ context: 'product_page' })).sku).toBe('Informe o SKU do produto (product_sku).');
    expect(validateTester(base({ context: 'brand_page' })).brand).toBe('Informe a marca (brand_name).');
    expect(validateTester(base({ context: 'category' })).category).toBe('Informe a categoria (category_name).');
    expect(validateTester(base({ context: 'search', term: 'café' }))).toEqual({});
  });

  it('category context takes a single category with its full breadcrumb', () => {
    expect(validateTester(base({ context: 'category', category: 'Mercearia > Café; Bebidas' })).category).toMatch(/única categoria/);
    expect(validateTester(base({ context: 'category', category: 'Mercearia > Café > Café em pó' }))).toEqual({});
  });

  it('changing the type away from banner clears the size; staying on banner keeps it', () => {
    const banner = base({ type: 'banner', size: '728x90' });
    expect(withType(banner, 'banner').size).toBe('728x90');
    expect(withType(banner, 'product')).toMatchObject({ type: 'product', size: '' });
    expect(withType(banner, 'sponsored_brand').size).toBe('');
  });

  it('changing the context clears the fields unrelated to the new context', () => {
    const filled = base({ context: 'search', term: 'café', category: 'Mercearia', sku: 'sku-1', brand: 'Aurora', sessionId: 's1' });
    expect(withContext(filled, 'product_page')).toMatchObject({ context: 'product_page', term: '', category: '', sku: 'sku-1', brand: '', sessionId: 's1' });
    expect(withContext(filled, 'search')).toMatchObject({ term: 'café', category: '', sku: '', brand: '' });
    expect(withContext(filled, 'home')).toMatchObject({ term: '', category: '', sku: '', brand: '' });
  });

  it('builds the exact body: only the context field, one placement, size only for banner', () => {
    const values = base({ context: 'search', term: ' café ', sku: 'leftover', type: 'banner', size: '728x90', quantity: '3', device: 'mobile' });
    expect(toRmaBody(values)).toEqual({
      context: 'search',
      term: 'café',
      device: 'mobile',
      placements: { search_banner: { types: ['banner'], quantity: 3, size: '728x90' } },
    });
    expect(toRmaBody(base({ size: '728x90' })).placements).toEqual({ home_product: { types: ['product'], quantity: 1 } });
  });

  it('maps API field paths to form fields', () => {
    expect(fieldOf('term')).toBe('term');
    expect(fieldOf('category_name')).toBe('category');
    expect(fieldOf('placements.search_banner.size')).toBe('size');
    expect(fieldOf('placements.search_banner.types.0')).toBe('type');
    expect(fieldOf('placements')).toBeNull();
    expect(serverErrors([{ field: 'product_sku', message: 'SKU?' }, { field: 'body', message: 'Outro' }])).toEqual({ fields: { sku: 'SKU?' }, other: ['Outro'] });
  });

  it('writes a curl with the API key header and the body, quoted for the shell', () => {
    const curl = toCurl('https://bo.test', '1', { context: 'search', term: "d'água", placements: { p: { types: ['product'], quantity: 1 } } });
    expect(curl).toBe(
      [
        "curl -X POST 'https://bo.test/v1/rma/1' \\",
        "  -H 'content-type: application/json' \\",
        "  -H 'x-api-key: SUA_CHAVE' \\",
        `  -d '{"context":"search","term":"d'\\''água","placements":{"p":{"types":["product"],"quantity":1}}}'`,
      ].join('\n'),
    );
  });
});
