import type { PaymentMethodCode } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';

interface SeedConfig {
  method: PaymentMethodCode;
  active: boolean;
  minOrderCents?: bigint;
  maxInstallments?: number;
}

/** Bom Preço's defaults for every store: Pix and cards online (cards up to 6×), cash, card machines and both vouchers at the door. */
const ACCOUNT_DEFAULTS: SeedConfig[] = [
  { method: 'pix', active: true },
  { method: 'credit_card', active: true, maxInstallments: 6, minOrderCents: 5000n },
  { method: 'debit_card', active: true },
  { method: 'boleto', active: false },
  { method: 'cash', active: true },
  { method: 'card_machine_credit', active: true, maxInstallments: 3 },
  { method: 'card_machine_debit', active: true },
  { method: 'meal_voucher', active: true },
  { method: 'food_voucher', active: true },
];

/** Stores that differ from the account: Tatuapé takes no vouchers and no cash; Moema takes Pix at the door. */
const STORE_CONFIGS: Record<string, SeedConfig[]> = {
  'Bom Preço Tatuapé': [
    { method: 'meal_voucher', active: false },
    { method: 'food_voucher', active: false },
    { method: 'cash', active: false },
  ],
  'Bom Preço Moema': [{ method: 'pix_on_delivery', active: true }],
};

/** Bom Preço's payment methods: its account defaults and a few stores' own. Idempotent: by store and method. */
export const paymentsSeed: ModuleSeed = { name: 'payments', seed: (db, { accountIds }) => seedPayments(db, accountIds.get('supermercado-bom-preco')!) };

async function seedPayments(db: Db, accountId: number): Promise<void> {
  const stores = new Map((await db.location.findMany({ where: { accountId }, select: { id: true, name: true } })).map((l) => [l.name, l.id]));
  const plan: Array<[number | null, SeedConfig]> = [
    ...ACCOUNT_DEFAULTS.map((c) => [null, c] as [null, SeedConfig]),
    ...Object.entries(STORE_CONFIGS).flatMap(([name, configs]) => {
      const id = stores.get(name);
      return id === undefined ? [] : configs.map((c) => [id, c] as [number, SeedConfig]);
    }),
  ];
  for (const [locationId, c] of plan) {
    if (await db.paymentMethodConfig.findFirst({ where: { accountId, locationId, method: c.method }, select: { id: true } })) continue;
    await db.paymentMethodConfig.create({
      data: { accountId, locationId, method: c.method, active: c.active, minOrderCents: c.minOrderCents ?? null, maxInstallments: c.maxInstallments ?? null },
    });
  }
}
