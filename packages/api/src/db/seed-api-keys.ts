import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

/** The demo publisher key of Supermercado Bom Preço (RMA decision API). Only its hash is stored. */
export const DEMO_API_KEY = 'rmk_demo_bompreco_0123456789abcdef';

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const apiKeyPrefix = (key: string) => key.slice(0, 12);

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
