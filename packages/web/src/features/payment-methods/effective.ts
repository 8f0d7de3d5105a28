import type { PaymentMethod, PaymentMethodConfig } from './api';

/** Where a method's setting comes from: the store's own, the account's default, or the hub's. */
export type Origin = 'store' | 'account' | 'hub';

export interface MethodSetting {
  active: boolean;
  min_order_value: number | null;
  max_installments: number | null;
}

/** A method as a screen shows it: what applies, where it comes from, and the configuration the screen may change or remove. */
export interface MethodRow {
  method: PaymentMethod;
  effective: MethodSetting;
  origin: Origin;
  /** The configuration of the screen's own scope (the store's, or the account's default), if any. */
  own: PaymentMethodConfig | null;
  /** What applies without `own`. */
  inherited: MethodSetting;
  inheritedOrigin: Exclude<Origin, 'store'>;
}

const settingOf = (c: PaymentMethodConfig): MethodSetting => ({ active: c.active, min_order_value: c.min_order_value, max_installments: c.max_installments });

/**
 * The rows of the account's screen (locationId null: its defaults over the hub's) or of a store's
 * (its own configuration over the account's default, over the hub's), as the API applies them.
 */
export function methodRows(methods: PaymentMethod[], configs: PaymentMethodConfig[], locationId: number | null): MethodRow[] {
  return methods.map((method) => {
    const account = configs.find((c) => c.location_id === null && c.method === method.method) ?? null;
    const store = locationId === null ? null : (configs.find((c) => c.location_id === locationId && c.method === method.method) ?? null);
    const hub: MethodSetting = { active: method.default_active, min_order_value: null, max_installments: null };
    const inherited = locationId !== null && account ? settingOf(account) : hub;
    const inheritedOrigin = locationId !== null && account ? 'account' : 'hub';
    const own = locationId === null ? account : store;
    return {
      method,
      own,
      inherited,
      inheritedOrigin,
      effective: own ? settingOf(own) : inherited,
      origin: own ? (locationId === null ? 'account' : 'store') : inheritedOrigin,
    };
  });
}

/** How many methods each store configured itself. */
export function overridesByStore(configs: PaymentMethodConfig[]) {
  const counts = new Map<number, number>();
  for (const c of configs) if (c.location_id !== null) counts.set(c.location_id, (counts.get(c.location_id) ?? 0) + 1);
  return counts;
}
