import { describe, expect, it } from 'vitest';
// The app sets zod's pt-BR messages there, as the forms see them.
import '../../../i18n';
import { defaultStandardValues, toStandardBody, validateStandard } from './standard-values';
import { publisher } from './test-fixtures';

const TODAY = '2026-12-01';

describe('standard campaign values', () => {
  it('start with daily budget 100, today, always on and the publisher\'s first enabled ad type', () => {
    const v = defaultStandardValues(publisher({ ad_types: ['banner', 'product'] }).permissions, TODAY);
    expect(v).toMatchObject({ ad_type: 'banner', daily_budget: 100, start_at: TODAY, always_on: true, end_at: null, targeting: 'keyword' });
  });

  it('sends budgets in cents for a cents currency, and only the options the link allows', () => {
    const limited = publisher().permissions;
    const open = publisher({ allow_total_budget_campaign: true, enable_audience_campaign: true }).permissions;
    const v = { ...defaultStandardValues(open, TODAY), name: 'Natal', ad_type: 'banner' as const, total_budget: 3000, audience_ids: [4], keywords: ['café'], bid: 0.8 };
    expect(toStandardBody(v, 1, open, true)).toMatchObject({ daily_budget: 10_000, total_budget: 300_000, audience_ids: [4], cpc: 0.8, cpm: null, keywords: ['café'], categories: [], products: [] });
    expect(toStandardBody(v, 1, limited, false)).toMatchObject({ daily_budget: 100, total_budget: null, audience_ids: [] });
  });

  it('validates with the contracts schema: a product campaign needs a product', () => {
    const permissions = publisher().permissions;
    const v = { ...defaultStandardValues(permissions, TODAY), ad_type: 'product' as const };
    expect(validateStandard(v, 1, permissions, false)).toEqual({ name: 'Campo obrigatório.', products: 'Escolha ao menos um produto.' });
    const ok = { ...v, name: 'Natal', products: [{ id: 11, sku: 'cafe-aurora-500g', name: 'Café', image_url: null }] };
    expect(validateStandard(ok, 1, permissions, false)).toEqual({});
  });
});
