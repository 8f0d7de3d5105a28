import { RM_STRATEGIES, type LinkType, type RmStrategy } from '@backoffice/contracts';
import type { Advertiser, CreateAdvertiserBody, UpdateLinkBody } from './api';

export interface LinkFormValues {
  document: string;
  type: LinkType;
  seller_id: string;
  brands: string[];
  allow_manage_subpublishers: boolean;
  strategies: RmStrategy[];
  defaultStrategy: RmStrategy | null;
  enable_audience_campaign: boolean;
  allow_total_budget_campaign: boolean;
}

export const emptyLinkValues = (): LinkFormValues => ({
  document: '',
  type: 'industry',
  seller_id: '',
  brands: [],
  allow_manage_subpublishers: false,
  strategies: ['standard'],
  defaultStrategy: 'standard',
  enable_audience_campaign: false,
  allow_total_budget_campaign: false,
});

export function advertiserToLinkValues(a: Advertiser): LinkFormValues {
  const { link } = a;
  return {
    document: '',
    type: link.type,
    seller_id: link.seller_id ?? a.seller_id ?? '',
    brands: link.brands,
    allow_manage_subpublishers: link.allow_manage_subpublishers,
    strategies: link.strategies,
    defaultStrategy: link.defaultStrategy,
    enable_audience_campaign: link.enable_audience_campaign,
    allow_total_budget_campaign: link.allow_total_budget_campaign,
  };
}

/** The default strategy can only be one of the checked strategies (in the contract's order). */
export const defaultStrategyChoices = (strategies: readonly string[]): RmStrategy[] => RM_STRATEGIES.filter((s) => strategies.includes(s));

/** After the checked strategies change: keep the default when still checked, else the first checked (or none). */
export function keepDefaultStrategy(strategies: readonly string[], current: RmStrategy | null): RmStrategy | null {
  const choices = defaultStrategyChoices(strategies);
  return current && choices.includes(current) ? current : (choices[0] ?? null);
}

/** Adds a brand unless it is blank or already there (case-insensitive, as the API dedupes). */
export function addBrand(brands: string[], brand: string): string[] {
  const text = brand.trim();
  if (!text || brands.some((b) => b.toLowerCase() === text.toLowerCase())) return brands;
  return [...brands, text];
}

export function valuesToLinkBody(v: LinkFormValues): UpdateLinkBody {
  return {
    type: v.type,
    seller_id: v.seller_id.trim() || null,
    brands: v.brands,
    allow_manage_subpublishers: v.allow_manage_subpublishers,
    strategies: defaultStrategyChoices(v.strategies),
    // An unset default is sent as one the API refuses, so its message lands on the field.
    defaultStrategy: (v.defaultStrategy ?? '') as RmStrategy,
    enable_audience_campaign: v.enable_audience_campaign,
    allow_total_budget_campaign: v.allow_total_budget_campaign,
  };
}

export const valuesToCreateBody = (v: LinkFormValues): CreateAdvertiserBody => ({ ...valuesToLinkBody(v), document: v.document });

/** "12.345.678/0001-90" as it is typed: only digits, punctuated. */
export function formatCnpj(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 14);
  return d
    .replace(/^(\d{2})(\d)/, '$1.$2')
    .replace(/^(\d{2})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d)/, '.$1/$2')
    .replace(/(\d{4})(\d)/, '$1-$2');
}
