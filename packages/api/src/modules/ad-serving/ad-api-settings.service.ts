import type { AdApiSettings, AdApiSettingsBody } from '@backoffice/contracts';
import { ForbiddenError } from '../../lib/errors.ts';
import { isPublisher, type RmCaller, type RmScopes } from '../retail-media/scope.ts';
import { managedPublisher } from '../retail-config/publisher-access.ts';
import type { AdApiSettingsRepo } from './ad-api-settings.repo.ts';
import type { PublisherGate } from './publisher-gate.ts';

export interface AdApiSettingsDeps {
  repo: AdApiSettingsRepo;
  scopes: Pick<RmScopes, 'resolve'>;
  gate: Pick<PublisherGate, 'changed'>;
}

const toSettings = (row: { requireApiKey: boolean; allowedOrigins: string[] } | null): AdApiSettings => ({
  require_api_key: row?.requireApiKey ?? false,
  allowed_origins: row?.allowedOrigins ?? [],
});

/** The publisher's settings of its public ad API (require an API key; allowed browser origins). */
export function createAdApiSettingsService({ repo, scopes, gate }: AdApiSettingsDeps) {
  /** The caller's own inventory: like its API keys, a publisher's; an advertiser-only account gets 403. */
  const ownInventory = (caller: RmCaller) => {
    if (!isPublisher(caller)) throw new ForbiddenError('API_KEYS_PUBLISHER_ONLY');
    return managedPublisher(scopes, caller);
  };
  return {
    async get(caller: RmCaller): Promise<AdApiSettings> {
      const { publisherId } = await ownInventory(caller);
      return toSettings(await repo.find(publisherId));
    },
    /** Saves and applies the settings on every instance before answering. */
    async update(caller: RmCaller, body: AdApiSettingsBody): Promise<AdApiSettings> {
      const { publisherId } = await ownInventory(caller);
      const row = await repo.save(publisherId, { requireApiKey: body.require_api_key, allowedOrigins: [...new Set(body.allowed_origins)] });
      await gate.changed(publisherId);
      return toSettings(row);
    },
  };
}
export type AdApiSettingsService = ReturnType<typeof createAdApiSettingsService>;
