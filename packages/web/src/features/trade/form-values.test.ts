import { describe, expect, it } from 'vitest';
import { emptyTradeForm, parseBrDate, toCreateBody, validateTradeForm } from './form-values';

describe('trade form values', () => {
  it('reads typed Brazilian dates, refusing days that do not exist', () => {
    expect(parseBrDate('05/12/2026')).toBe('2026-12-05');
    expect(parseBrDate('5/1/2027')).toBe('2027-01-05');
    expect(parseBrDate('2026-12-05')).toBe('2026-12-05');
    expect(parseBrDate('30/02/2026')).toBeNull();
    expect(parseBrDate('amanhã')).toBeNull();
  });

  it('validates with the contracts’ schema, naming each missing field and the period', () => {
    const errors = validateTradeForm(true)(emptyTradeForm());
    for (const field of ['counterpart_id', 'title', 'kind', 'location_ids', 'product_ids', 'start_date', 'end_date', 'investment']) expect(errors, field).toHaveProperty(field);
    const values = { ...emptyTradeForm(), counterpart_id: 3, title: 'Ponta de gôndola', kind: 'end_cap' as const, location_ids: [1], product_ids: [2], start_date: '2026-12-10', end_date: '2026-12-01', investment: 1500 };
    expect(Object.keys(validateTradeForm(true)(values))).toEqual(['end_date']);
    expect(validateTradeForm(true)({ ...values, end_date: '2026-12-20' })).toEqual({});
    expect(toCreateBody({ ...values, description: '  ' })).toMatchObject({ counterpart_id: 3, description: null, investment: 1500 });
  });
});
