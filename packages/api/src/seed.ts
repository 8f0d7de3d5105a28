import type { Db } from './db/client.ts';
import type { ModuleSeed } from './lib/module.ts';
import { accountsSeed } from './modules/accounts/accounts.seed.ts';
import { analyticsSeed } from './modules/analytics/analytics.seed.ts';
import { adServingSeed } from './modules/ad-serving/ad-serving.seed.ts';
import { campaignsSeed } from './modules/campaigns/campaigns.seed.ts';
import { catalogSeed } from './modules/catalog/catalog.seed.ts';
import { locationsSeed } from './modules/locations/locations.seed.ts';
import { operatorsSeed } from './modules/operators/operators.seed.ts';
import { paymentsSeed } from './modules/payments/payments.seed.ts';
import { ordersSeed } from './modules/orders/orders.seed.ts';
import { chatsSeed } from './modules/chats/chats.seed.ts';
import { paymentHubSeed } from './modules/payment-hub/payment-hub.seed.ts';
import { deliveryHubSeed } from './modules/delivery-hub/delivery-hub.seed.ts';
import { regionsSeed } from './modules/regions/regions.seed.ts';
import { slotsSeed } from './modules/slots/slots.seed.ts';
import { flyersSeed } from './modules/flyers/flyers.seed.ts';
import { messagingCampaignsSeed } from './modules/messaging-campaigns/messaging-campaigns.seed.ts';
import { customersSeed } from './modules/customers/customers.seed.ts';
import { shoppingCartsSeed } from './modules/shopping-carts/shopping-carts.seed.ts';
import { promotionsSeed } from './modules/promotions/promotions.seed.ts';
import { retailConfigSeed } from './modules/retail-config/retail-config.seed.ts';
import { retailMediaSeed } from './modules/retail-media/retail-media.seed.ts';
import { rmReportsSeed } from './modules/rm-reports/rm-reports.seed.ts';

export { DEMO_PASSWORD } from './modules/accounts/accounts.seed.ts';

/** Each module's demo data, in the order their rows refer to each other (and ids stay as tests know them). */
const SEEDS: readonly ModuleSeed[] = [
  accountsSeed,
  catalogSeed,
  locationsSeed,
  regionsSeed,
  slotsSeed,
  operatorsSeed,
  paymentsSeed,
  promotionsSeed,
  flyersSeed,
  customersSeed,
  shoppingCartsSeed,
  ordersSeed,
  chatsSeed,
  retailMediaSeed,
  // After the retail-media links: the stock history of the linked brands' products.
  analyticsSeed,
  retailConfigSeed,
  campaignsSeed,
  rmReportsSeed,
  adServingSeed,
  // After every seed that creates orders: payments of the orders paid online.
  paymentHubSeed,
  // After every seed that creates orders: couriers of the delivery orders out or delivered.
  deliveryHubSeed,
  // After the customers and orders: campaigns' recipients and the orders they placed after a message.
  messagingCampaignsSeed,
];

/** The demo data. Idempotent: creates what is missing, leaves what exists (including changed passwords). */
export async function seed(db: Db): Promise<void> {
  const ctx = { accountIds: new Map<string, number>() };
  for (const s of SEEDS) await s.seed(db, ctx);
}

/** Seeds only a database with no accounts (first start). Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await db.account.count()) > 0) return false;
  await seed(db);
  return true;
}
