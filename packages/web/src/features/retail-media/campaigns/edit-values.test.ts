import { describe, expect, it } from 'vitest';
import { detail } from './test-fixtures';
import { editBody, editValuesOf, nameError, validateEdit } from './edit-values';

describe('campaign edit values (spec §5)', () => {
  it('starts from the campaign and sends only name, daily budget and end date', () => {
    const values = editValuesOf(detail());
    expect(values).toEqual({ name: 'Café Aurora no topo da busca', daily_budget: 100, always_on: false, end_at: '2026-12-31' });
    expect(editBody({ ...values, name: '  Novo nome ' }, false)).toEqual({ name: 'Novo nome', daily_budget: 100, end_at: '2026-12-31' });
  });

  it('"Sempre ativa" sends end_at null', () => {
    expect(editBody({ name: 'x', daily_budget: 50.5, always_on: true, end_at: '2026-12-31' }, false)).toEqual({ name: 'x', daily_budget: 50.5, end_at: null });
  });

  it('an account with a cents currency sends the daily budget in integer cents', () => {
    expect(editBody({ name: 'x', daily_budget: 150.25, always_on: true, end_at: null }, true).daily_budget).toBe(15025);
  });

  it('requires a name, a positive budget and an end date not before the start unless always on', () => {
    expect(nameError('')).toBeTruthy();
    expect(nameError('ok')).toBeNull();
    const errors = validateEdit({ name: ' ', daily_budget: '', always_on: false, end_at: null }, '2026-12-01');
    expect(Object.keys(errors).sort()).toEqual(['daily_budget', 'end_at', 'name']);
    expect(validateEdit({ name: 'a', daily_budget: 0, always_on: false, end_at: '2026-11-30' }, '2026-12-01')).toEqual({
      daily_budget: 'O orçamento diário deve ser maior que zero.',
      end_at: 'A data de término deve ser igual ou posterior à de início.',
    });
    expect(validateEdit({ name: 'a', daily_budget: 10, always_on: true, end_at: null }, '2026-12-01')).toEqual({});
  });
});
