import { BusinessRuleError, ForbiddenError, found } from '../../lib/errors.ts';
import { managesPublisher, ownsCampaign, type RmCaller, type RmScope, type RmScopes } from '../retail-media/scope.ts';
import { campaignStatus, isClosed } from './campaign-status.ts';
import type { CampaignRow, CampaignsRepo } from './campaigns.repo.ts';

export interface VisibleCampaign {
  scope: RmScope;
  row: CampaignRow;
  status: ReturnType<typeof campaignStatus>;
}

/**
 * The order of refusals on an id route: not visible → 404 CAMPAIGN_NOT_FOUND (nothing said about
 * it); visible but not the caller's side → 403; finished or canceled → 422.
 */
export function createCampaignAccess({ repo, scopes, now }: { repo: CampaignsRepo; scopes: RmScopes; now: () => Date }) {
  async function visible(caller: RmCaller, id: number): Promise<VisibleCampaign> {
    const scope = await scopes.resolve(caller);
    const row = found(await repo.findVisible(scope, id), 'CAMPAIGN_NOT_FOUND');
    return { scope, row, status: campaignStatus(row, now()) };
  }

  const requireOpen = (v: VisibleCampaign) => {
    if (isClosed(v.status)) throw new BusinessRuleError('CAMPAIGN_NOT_EDITABLE');
    return v;
  };

  return {
    visible,
    /** Advertiser-side changes: only the owner (its own campaign on a linked publisher). */
    async asOwner(caller: RmCaller, id: number, { open = true } = {}) {
      const v = await visible(caller, id);
      if (!ownsCampaign(v.scope, v.row)) throw new ForbiddenError();
      return open ? requireOpen(v) : v;
    },
    /** Toggle and cancel: the owner or the publisher that runs the inventory. */
    async asOwnerOrPublisher(caller: RmCaller, id: number) {
      const v = await visible(caller, id);
      if (!ownsCampaign(v.scope, v.row) && !managesPublisher(v.scope, v.row.publisherId)) throw new ForbiddenError();
      return requireOpen(v);
    },
  };
}

export type CampaignAccess = ReturnType<typeof createCampaignAccess>;
