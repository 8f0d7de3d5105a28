import type { PromotionStatus, PromotionType } from '@backoffice/contracts';
import { formatMoney } from '../../shared/ui/format';
import type { Promotion } from './api';
import { isoToDateHour } from '../../shared/ui/sao-paulo-time';
import { t } from '../../i18n';

export const typeLabel = (type: PromotionType) => t(`promotions.types.${type}`);
export const statusLabel = (status: PromotionStatus) => t(`promotions.status.${status}`);

const percent = (value: number) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

/** What the customer gets, in plain Portuguese: "Leve 3, pague 2", "15% de desconto". */
export function describeBenefit(p: Pick<Promotion, 'promotion_type' | 'benefits' | 'trigger'>): string {
  const b = p.benefits;
  if (p.promotion_type === 'buy_pay') {
    const take = b.take ?? (p.trigger.kind === 'quantity' ? p.trigger.quantity : undefined) ?? 0;
    return t('promotions.describe.buyPay', { take, pay: b.pay ?? 0 });
  }
  if (p.promotion_type === 'fixed_price') return t('promotions.describe.fixedPrice', { price: formatMoney(b.price ?? 0) });
  const amount = b.type === 'fixed' ? formatMoney(b.value ?? 0) : percent(b.value ?? 0);
  if (p.promotion_type === 'shipping_discount') return t('promotions.describe.shipping', { amount });
  if (p.promotion_type === 'items_discount') return t('promotions.describe.items', { amount });
  return t('promotions.describe.discount', { amount });
}

/** When it applies: "acima de R$ 80,00", "a partir de 5 itens"; '' when any purchase qualifies. */
export function describeTrigger(p: Pick<Promotion, 'promotion_type' | 'trigger'>): string {
  const tr = p.trigger;
  const scope = tr.kind !== 'quantity' && tr.offers_ids.length > 0 ? t('promotions.describe.ofSelected') : '';
  if (tr.kind === 'total') return t('promotions.describe.total', { value: formatMoney(Number(tr.min_value)) }) + scope;
  if (tr.kind === 'items') return t('promotions.describe.itemsTrigger', { count: tr.min_quantity }) + scope;
  if (p.promotion_type === 'buy_pay' || tr.quantity <= 1) return '';
  return t('promotions.describe.quantity', { count: tr.quantity });
}

/** "15% de desconto acima de R$ 80,00". */
export function describePromotion(p: Pick<Promotion, 'promotion_type' | 'benefits' | 'trigger'>): string {
  return [describeBenefit(p), describeTrigger(p)].filter(Boolean).join(' ');
}

const dayMonthYear = (date: string) => date.split('-').reverse().join('/');

/** Start and end as "01/12/2026 00:00", São Paulo time. */
export function periodBounds(p: Pick<Promotion, 'start_promotion' | 'end_promotion'>): { start: string; end: string } {
  const format = (iso: string) => {
    const { date, hour } = isoToDateHour(iso);
    return `${dayMonthYear(date)} ${hour}`;
  };
  return { start: format(p.start_promotion), end: format(p.end_promotion) };
}

/** "01/12/2026 00:00 a 31/12/2026 23:59". */
export const describePeriod = (p: Pick<Promotion, 'start_promotion' | 'end_promotion'>) => t('promotions.describe.period', periodBounds(p));
