import { describe, expect, it } from 'vitest';
// The app sets zod's pt-BR messages there, as the forms see them.
import '../../../i18n';
import {
  budgetForApi,
  canSubmitObjective,
  defaultObjectiveValues,
  nameError,
  stepEnabled,
  stepValidity,
  toObjectiveBody,
  validateObjective,
  type ObjectiveValues,
} from './objective-steps';

const TODAY = '2026-12-01';
const CAFE = { id: 11, sku: 'cafe-aurora-500g', name: 'Café Aurora Tradicional 500g', image_url: null };

const filled = (patch: Partial<ObjectiveValues> = {}): ObjectiveValues => ({
  ...defaultObjectiveValues(TODAY),
  goal: 'growth',
  products: [CAFE],
  name: 'Café Aurora – lançamento',
  ...patch,
});

describe('objective campaign defaults (spec §4)', () => {
  it('start with daily budget 100, start today and always on (no end date), nothing chosen', () => {
    expect(defaultObjectiveValues(TODAY)).toEqual({
      goal: null,
      products: [],
      name: '',
      daily_budget: 100,
      start_at: TODAY,
      always_on: true,
      end_at: null,
    });
  });
});

describe('step rules (spec §4)', () => {
  it('opens products only after a valid goal, and setup only after goal and products', () => {
    const start = defaultObjectiveValues(TODAY);
    expect(stepEnabled(start)).toEqual({ goal: true, products: false, setup: false });
    expect(stepEnabled({ ...start, goal: 'reach' })).toEqual({ goal: true, products: true, setup: false });
    expect(stepEnabled({ ...start, goal: 'reach', products: [CAFE] })).toEqual({ goal: true, products: true, setup: true });
    // Products without a goal do not open setup.
    expect(stepEnabled({ ...start, products: [CAFE] })).toEqual({ goal: true, products: false, setup: false });
  });

  it('takes only the three goals as a valid strategy step', () => {
    expect(stepValidity(filled({ goal: 'profitability' })).goal).toBe(true);
    expect(stepValidity(filled({ goal: 'growth' })).goal).toBe(true);
    expect(stepValidity(filled({ goal: 'reach' })).goal).toBe(true);
    expect(stepValidity(filled({ goal: 'visibility' as never })).goal).toBe(false);
    expect(stepValidity(filled({ goal: null })).goal).toBe(false);
  });

  it('needs at least one product', () => {
    expect(stepValidity(filled({ products: [] })).products).toBe(false);
    expect(stepValidity(filled()).products).toBe(true);
  });

  it('needs name, daily budget, start and (always on or an end date) for setup', () => {
    expect(stepValidity(filled()).setup).toBe(true);
    expect(stepValidity(filled({ name: '   ' })).setup).toBe(false);
    expect(stepValidity(filled({ daily_budget: '' })).setup).toBe(false);
    expect(stepValidity(filled({ daily_budget: 0 })).setup).toBe(false);
    expect(stepValidity(filled({ start_at: null })).setup).toBe(false);
    expect(stepValidity(filled({ always_on: false, end_at: null })).setup).toBe(false);
    expect(stepValidity(filled({ always_on: false, end_at: '2026-12-31' })).setup).toBe(true);
    // An end before the start is not a period.
    expect(stepValidity(filled({ always_on: false, end_at: '2026-11-30' })).setup).toBe(false);
  });

  it('enables "Criar campanha" only when every step is valid', () => {
    expect(canSubmitObjective(defaultObjectiveValues(TODAY))).toBe(false);
    expect(canSubmitObjective(filled({ products: [] }))).toBe(false);
    expect(canSubmitObjective(filled({ name: '' }))).toBe(false);
    expect(canSubmitObjective(filled())).toBe(true);
  });
});

describe('payload (spec §3 objective campaign create payload)', () => {
  it('sends exactly goal, name, products (id, sku), start_at, end_at, publisher_id and daily_budget', () => {
    const body = toObjectiveBody(filled({ name: '  Café Aurora – lançamento ' }), 1, false);
    expect(body).toEqual({
      goal: 'growth',
      name: 'Café Aurora – lançamento',
      products: [{ id: 11, sku: 'cafe-aurora-500g' }],
      start_at: TODAY,
      end_at: null,
      publisher_id: 1,
      daily_budget: 100,
    });
    expect(Object.keys(body).sort()).toEqual(['daily_budget', 'end_at', 'goal', 'name', 'products', 'publisher_id', 'start_at']);
  });

  it('sends the end date only when not always on', () => {
    expect(toObjectiveBody(filled({ always_on: false, end_at: '2026-12-31' }), 1, false).end_at).toBe('2026-12-31');
    expect(toObjectiveBody(filled({ always_on: true, end_at: '2026-12-31' }), 1, false).end_at).toBeNull();
  });

  it('sends budgets as integer cents for an account with a cents currency (the API divides by 100)', () => {
    expect(budgetForApi(100, false)).toBe(100);
    expect(budgetForApi(100, true)).toBe(10_000);
    expect(budgetForApi(12.34, true)).toBe(1234);
    expect(budgetForApi(0.29, true)).toBe(29);
    expect(toObjectiveBody(filled({ daily_budget: 250.5 }), 2, true).daily_budget).toBe(25_050);
  });
});

describe('validation with the contracts schema', () => {
  it('passes a complete flow and names the fields of an incomplete one in pt-BR', () => {
    expect(validateObjective(filled(), 1, false)).toEqual({});
    expect(validateObjective(defaultObjectiveValues(TODAY), 1, false)).toMatchObject({
      goal: expect.any(String),
      name: 'Campo obrigatório.',
      products: 'Escolha ao menos um produto.',
    });
    expect(validateObjective(filled({ always_on: false, end_at: '2026-11-20' }), 1, false)).toEqual({
      end_at: 'A data final deve ser igual ou posterior à de início.',
    });
  });

  it('checks the name by the contracts rule', () => {
    expect(nameError('')).toBe('Campo obrigatório.');
    expect(nameError('a'.repeat(121))).toBe('Deve ter no máximo 120 caracteres.');
    expect(nameError('Natal')).toBeNull();
  });
});
