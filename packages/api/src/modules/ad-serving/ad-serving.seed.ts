import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { apiKeyPrefix, hashApiKey } from './api-key-hash.ts';

/** The demo publisher key of Supermercado Bom Preço (RMA decision API). Only its hash is stored. */
export const DEMO_API_KEY = 'rmk_demo_bompreco_0123456789abcdef';

/** Idempotent: creates the demo key once, by its hash. */
export async function seedApiKeys(db: Db, accountIds: Map<string, number>): Promise<void> {
  const publisherId = accountIds.get('supermercado-bom-preco');
  if (!publisherId) return;
  const keyHash = hashApiKey(DEMO_API_KEY);
  await db.publisherApiKey.upsert({
    where: { keyHash },
    create: { publisherId, name: 'Site (demonstração)', keyPrefix: apiKeyPrefix(DEMO_API_KEY), keyHash },
    update: {},
  });
}

/** The demo publisher key of the decision API. */
export const adServingSeed: ModuleSeed = { name: 'ad-serving', seed: (db, { accountIds }) => seedApiKeys(db, accountIds) };
