import type { AudienceOperator } from '@backoffice/contracts';
import { formatInt, formatMoney } from '../../../shared/ui/format';
import { t } from '../../../i18n';
import type { Audience, AudienceAttribute, AudienceRule } from './api';

/** "R$ 250,00", "Gratuita", or "A definir" while the publisher has not priced it. */
export function audienceCost(a: Pick<Audience, 'price' | 'price_type'>): string {
  if (a.price_type === 'free' || a.price === 0) return t('rmAudiences.free');
  if (a.price === null) return t('rmAudiences.priceToBeSet');
  return formatMoney(a.price);
}

/** "12.500 clientes · alcance 35%". */
export const audienceReach = (a: Pick<Audience, 'estimated_audience' | 'reach_range'>) =>
  t('rmAudiences.reachValue', { count: formatInt(a.estimated_audience), range: a.reach_range });

const listValue = (values: (string | number)[], label: (v: string | number) => string) => values.map(label).join(', ');

/** A rule in Portuguese: "Gênero é Feminino", "Ticket médio (R$) entre 50 e 200". */
export function describeRule(rule: AudienceRule, attributes: AudienceAttribute[] | undefined): string {
  const attr = attributes?.find((a) => a.key === rule.attribute);
  const name = attr?.label ?? rule.attribute;
  const label = (v: string | number | boolean) => {
    if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
    if (attr?.type === 'number' && typeof v === 'number') return formatInt(v);
    return attr?.options?.find((o) => o.value === String(v))?.label ?? String(v);
  };
  const op = rule.operator as AudienceOperator;
  const v = rule.value;
  if (op === 'between' && Array.isArray(v)) return t('rmAudiences.rules.between', { attribute: name, min: label(v[0]!), max: label(v[1]!) });
  const value = Array.isArray(v) ? listValue(v, label) : label(v);
  return t(`rmAudiences.rules.sentence.${op}`, { attribute: name, value });
}
