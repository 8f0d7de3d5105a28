import type { RmaAd } from '@backoffice/contracts';
import type { AdAsset, IndexedAd, SponsoredProduct } from './ad-index.ts';

type AdOf<T extends RmaAd['type']> = Omit<Extract<RmaAd, { type: T }>, 'position' | 'impression_url' | 'view_url' | 'click_url'>;

/** Sponsored-brand answers kept per entry: one per choice of assets and tags, up to this many. */
const MAX_BRAND_VARIANTS = 32;

/**
 * The fields of an ad in a decision's answer that do not change from one request to the next, as
 * JSON members (no braces): written once per index entry (a sponsored brand: once per choice of
 * assets and tags), so a decision only adds the position and the signed event URLs. A changed
 * campaign or ad gets new entries, so these never go stale.
 *
 * Every URL is absolute: a path on this server ("/uploads/…", "/brand/…") gets the public origin
 * (`appUrl`) in front, "//host/…" gets "https:", and any other value (http(s) addresses) stays.
 */
export function createAdJson(appUrl: string) {
  const origin = appUrl.replace(/\/+$/, '');
  const absolute = (url: string | null): string | null =>
    url === null ? null : url.startsWith('//') ? `https:${url}` : url.startsWith('/') ? `${origin}${url}` : url;
  const assetsJson = (assets: readonly AdAsset[]) => assets.map((a) => ({ url: absolute(a.url)!, type: a.type, dimension: a.dimension }));
  const members = (fields: object) => JSON.stringify(fields).slice(1, -1);
  const common = (ad: IndexedAd) => ({
    ad_id: ad.adId,
    campaign_id: ad.campaignId,
    campaign_name: ad.campaignName,
    seller_id: ad.advertiserId,
  });

  function fixed(ad: IndexedAd): string {
    switch (ad.type) {
      case 'product':
        return members({
          ...common(ad),
          type: 'product',
          product_sku: ad.sku!,
          product_name: ad.productName,
          destination_url: absolute(ad.destinationUrl),
          media_url: absolute(ad.mediaUrl),
        } satisfies AdOf<'product'>);
      case 'banner':
        return members({
          ...common(ad),
          type: 'banner',
          media_url: absolute(ad.mediaUrl) ?? '',
          asset_type: ad.mediaType,
          assets: assetsJson(ad.assets),
          destination_url: absolute(ad.destinationUrl),
        } satisfies AdOf<'banner'>);
      case 'digital_signage':
        return members({
          ...common(ad),
          type: 'digital_signage',
          media_url: absolute(ad.mediaUrl) ?? '',
          asset_type: ad.mediaType,
          assets: assetsJson(ad.assets),
          duration: ad.duration!,
        } satisfies AdOf<'digital_signage'>);
      case 'sponsored_brand':
        return brand(ad, ad.assets, ad.products);
    }
  }

  function brand(ad: IndexedAd, assets: readonly AdAsset[], products: readonly SponsoredProduct[]): string {
    const brandUrl = absolute(ad.brandUrl ?? ad.destinationUrl) ?? '';
    return members({
      ...common(ad),
      type: 'sponsored_brand',
      media_url: absolute(assets[0]?.url ?? ad.mediaUrl) ?? '',
      asset_type: assets[0]?.type ?? ad.mediaType,
      assets: assetsJson(assets),
      brand_name: ad.brandName ?? '',
      headline: ad.headline ?? '',
      description: ad.description ?? '',
      brand_url: brandUrl,
      destination_url: brandUrl,
      products: products.map((p) => ({
        product_sku: p.sku,
        product_name: p.name,
        media_url: absolute(p.mediaUrl),
        destination_url: absolute(p.destinationUrl),
      })),
    } satisfies AdOf<'sponsored_brand'>);
  }

  return {
    absolute,
    /** A product, banner or digital signage ad's fixed members. */
    members: (ad: IndexedAd): string => (ad.json ??= fixed(ad)),
    /**
     * A sponsored brand's fixed members with the assets of `assetMask` (chosenAssets) and, when
     * the request has `tags` (lower case), only its products that carry one; undefined when none
     * of its products does (a sponsored brand without products is not limited by tags).
     */
    brandMembers(ad: IndexedAd, assetMask: number, tags: readonly string[] | null): string | undefined {
      const key = tags ? `${assetMask}|${tags.join('|')}` : String(assetMask);
      const cached = ad.jsonBy?.get(key);
      if (cached !== undefined) return cached;
      let products = ad.products;
      if (tags && products.length) {
        products = products.filter((p) => tags.some((t) => p.tags.has(t)));
        if (products.length === 0) return undefined;
      }
      const json = brand(
        ad,
        ad.assets.filter((_, i) => (assetMask & (1 << i)) !== 0),
        products,
      );
      const variants = (ad.jsonBy ??= new Map());
      if (variants.size < MAX_BRAND_VARIANTS) variants.set(key, json);
      return json;
    },
  };
}
export type AdJson = ReturnType<typeof createAdJson>;
