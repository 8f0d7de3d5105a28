import { UpdateCampaignBody as UpdateCampaignSchema } from '@backoffice/contracts';
import type { CampaignDetail, UpdateCampaignBody } from './api';
import { t } from '../../../i18n';

/** The general information panel's edit mode: only what spec §5 lets change. */
export interface CampaignEditValues {
  name: string;
  /** Reais, as typed; '' while empty. */
  daily_budget: number | '';
  always_on: boolean;
  /** YYYY-MM-DD, or null while not chosen. */
  end_at: string | null;
}

export const editValuesOf = (c: CampaignDetail): CampaignEditValues => ({
  name: c.name,
  daily_budget: c.settings.daily_budget,
  always_on: c.end_at === null,
  end_at: c.end_at,
});

/**
 * The PUT body: name, daily budget and end date, nothing else. An account with a cents currency
 * sends the daily budget in integer cents (spec §5; the API divides by 100).
 */
export function editBody(values: CampaignEditValues, currencyCents: boolean): UpdateCampaignBody {
  const budget = values.daily_budget === '' ? 0 : values.daily_budget;
  return {
    name: values.name.trim(),
    daily_budget: currencyCents ? Math.round(budget * 100) : Math.round(budget * 100) / 100,
    end_at: values.always_on ? null : values.end_at,
  };
}

/** The contract's message for a name, or null when it is fine. */
export function nameError(name: string): string | null {
  const result = UpdateCampaignSchema.safeParse({ name });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The form's rules: the contract's, plus a required, positive budget and an end date unless always on. */
export function validateEdit(values: CampaignEditValues, startAt: string): Partial<Record<keyof CampaignEditValues, string>> {
  const errors: Partial<Record<keyof CampaignEditValues, string>> = {};
  const name = nameError(values.name);
  if (name) errors.name = name;
  if (values.daily_budget === '') errors.daily_budget = t('rmCampaigns.edit.budgetRequired');
  else if (values.daily_budget <= 0) errors.daily_budget = t('rmCampaigns.edit.budgetPositive');
  if (!values.always_on) {
    if (!values.end_at) errors.end_at = t('rmCampaigns.edit.endRequired');
    else if (values.end_at < startAt) errors.end_at = t('rmCampaigns.edit.endBeforeStart');
  }
  return errors;
}
