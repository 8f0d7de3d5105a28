import { CAMPAIGN_GOALS, CreateObjectiveCampaignBody, DEFAULT_CAMPAIGN_DAILY_BUDGET, saoPauloToday, type CampaignGoalKey } from '@backoffice/contracts';
import type { paths } from '../../../shared/api/schema';

/** Spec §9: recommended products load by themselves 3 s after the products step opens. */
export const RECOMMENDED_PRODUCTS_DELAY_MS = 3000;
/** Spec §5/§9: the campaign name is checked 1 s after typing stops; tag search waits 1 s too. */
export const CAMPAIGN_NAME_DEBOUNCE_MS = 1000;
export const TAG_SEARCH_DEBOUNCE_MS = 1000;

export const OBJECTIVE_STEPS = ['goal', 'products', 'setup'] as const;
export type ObjectiveStep = (typeof OBJECTIVE_STEPS)[number];

export type ObjectiveCampaignPayload = paths['/campaign/objective-based']['post']['requestBody']['content']['application/json'];

export interface ObjectiveProduct {
  id: number;
  sku: string;
  name: string;
  image_url: string | null;
}

/** The three steps' state (spec §4): strategy goal, products, setup. */
export interface ObjectiveValues {
  goal: CampaignGoalKey | null;
  products: ObjectiveProduct[];
  name: string;
  /** Reais as the person types them ('' while empty). */
  daily_budget: number | '';
  /** YYYY-MM-DD (São Paulo). */
  start_at: string | null;
  /** "Sempre ativa": no end date. */
  always_on: boolean;
  end_at: string | null;
}

/** Spec §4 defaults: daily budget 100, start today, always on (no end date). */
export function defaultObjectiveValues(today: string = saoPauloToday()): ObjectiveValues {
  return {
    goal: null,
    products: [],
    name: '',
    daily_budget: DEFAULT_CAMPAIGN_DAILY_BUDGET,
    start_at: today,
    always_on: true,
    end_at: null,
  };
}

const isGoal = (value: unknown): value is CampaignGoalKey => (CAMPAIGN_GOALS as readonly unknown[]).includes(value);

/** Each step's own rule (spec §4). */
export function stepValidity(v: ObjectiveValues): Record<ObjectiveStep, boolean> {
  const endOk = v.always_on || (!!v.end_at && (!v.start_at || v.end_at >= v.start_at));
  return {
    goal: isGoal(v.goal),
    products: v.products.length >= 1,
    setup: v.name.trim() !== '' && typeof v.daily_budget === 'number' && v.daily_budget > 0 && !!v.start_at && endOk,
  };
}

/** Products opens once the goal is valid; setup once goal and products are. */
export function stepEnabled(v: ObjectiveValues): Record<ObjectiveStep, boolean> {
  const valid = stepValidity(v);
  return { goal: true, products: valid.goal, setup: valid.goal && valid.products };
}

/** "Criar campanha" is enabled only when every step is valid. */
export function canSubmitObjective(v: ObjectiveValues): boolean {
  const valid = stepValidity(v);
  return OBJECTIVE_STEPS.every((step) => valid[step]);
}

/**
 * Spec §5: an account with a cents currency sends budgets as integer cents (the API divides by
 * 100); the form always shows reais.
 */
export const budgetForApi = (reais: number, currencyCents: boolean): number => (currencyCents ? Math.round(reais * 100) : reais);

/** Spec §3 objective campaign create payload, exactly: goal, name, products (id, sku), start_at, end_at, publisher_id, daily_budget. */
export function toObjectiveBody(v: ObjectiveValues, publisherId: number, currencyCents: boolean): ObjectiveCampaignPayload {
  return {
    goal: v.goal as CampaignGoalKey,
    name: v.name.trim(),
    products: v.products.map(({ id, sku }) => ({ id, sku })),
    start_at: v.start_at ?? undefined,
    end_at: v.always_on ? null : v.end_at,
    publisher_id: publisherId,
    daily_budget: budgetForApi(typeof v.daily_budget === 'number' ? v.daily_budget : Number.NaN, currencyCents),
  };
}

/** The campaign name's own message (the contracts' rule), or null; shown after the name debounce. */
export function nameError(name: string): string | null {
  const result = CreateObjectiveCampaignBody.shape.name.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Where an API or schema path of the objective body is edited. */
const FIELD_OF: Record<string, keyof ObjectiveValues> = {
  goal: 'goal',
  name: 'name',
  products: 'products',
  start_at: 'start_at',
  end_at: 'end_at',
  daily_budget: 'daily_budget',
};

export const objectiveFieldOf = (path: string): keyof ObjectiveValues | undefined => FIELD_OF[path.replace(/^body\.?/, '').split('.')[0] ?? ''];

/** The step where a field is edited, to go back to it when the API refuses the field. */
export function stepOfField(field: keyof ObjectiveValues): ObjectiveStep {
  if (field === 'goal') return 'goal';
  if (field === 'products') return 'products';
  return 'setup';
}

/** Validates the body with the contracts' schema (the API's own rules), as errors keyed by form field. */
export function validateObjective(v: ObjectiveValues, publisherId: number, currencyCents: boolean): Partial<Record<keyof ObjectiveValues, string>> {
  const result = CreateObjectiveCampaignBody.safeParse(toObjectiveBody(v, publisherId, currencyCents));
  const errors: Partial<Record<keyof ObjectiveValues, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = objectiveFieldOf(issue.path.join('.'));
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}
