import { RmaRequest, type RmaAd, type TvPlaylist } from '@backoffice/contracts';

/** The placement a TV asks for: every digital signage ad it may show in one round (the ad API's maximum). */
const PLACEMENT = 'tv';
const ROUND = 20;

export interface PlaylistDeps {
  /** The ad API's decision (decision.service.ts): the RmaResponse of one request, as JSON. */
  decide: (publisherId: number, req: RmaRequest) => Promise<string>;
  /** Whether the public ad API serves the publisher now (active retail media: the publisher gate). */
  serves: (publisherId: number) => Promise<boolean>;
}

/**
 * The ads a TV plays: a `digital_signage` decision of its publisher for its store, as a site would
 * ask `/v1/rma`, so the auction, pacing, budgets and the signed impression URLs are the ad API's
 * own. No session nor user: each showing is a new audience, so each round is a new decision.
 */
export function createPlaylistSource({ decide, serves }: PlaylistDeps) {
  return async (publisherId: number, deviceId: string, storeName: string): Promise<TvPlaylist['ads']> => {
    if (!(await serves(publisherId))) return [];
    const request = RmaRequest.parse({
      context: 'digital_signage',
      channel: 'in-store',
      device_id: deviceId,
      store_name: storeName,
      placements: { [PLACEMENT]: { types: ['digital_signage'], quantity: ROUND } },
    });
    const answer = JSON.parse(await decide(publisherId, request)) as Record<string, unknown>;
    const ads = (answer[PLACEMENT] ?? []) as RmaAd[];
    return ads.flatMap((ad) =>
      ad.type === 'digital_signage'
        ? [{ ad_id: ad.ad_id, campaign_id: ad.campaign_id, media_url: ad.media_url, media_type: ad.asset_type, duration: ad.duration, impression_url: ad.impression_url }]
        : [],
    );
  };
}
export type PlaylistSource = ReturnType<typeof createPlaylistSource>;
