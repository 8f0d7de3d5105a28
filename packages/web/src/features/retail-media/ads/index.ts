/** The ads section of a campaign view (`/retail-media/campaign/view/$id`): `<CampaignAds campaign={campaign} />`. */
export { CampaignAds } from './campaign-ads';
