import { AD_SIGNAGE_DURATION, AD_VIDEO_FRAMES, type AdCreativeMediaKind, type UpdateAdInput } from '@backoffice/contracts';
import { BusinessRuleError, ValidationError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { mediaTypeOfKey } from '../flyers/flyer-media.ts';
import type { AdRow, AdsRepo } from './ads.repo.ts';

/** The creative columns of an ad (every type's, nulls for the others'). */
export interface Creative {
  sku: string | null;
  mediaUrl: string | null;
  mediaType: string | null;
  altText: string | null;
  adSizeId: number | null;
  destinationUrl: string | null;
  headline: string | null;
  description: string | null;
  brandName: string | null;
  brandUrl: string | null;
  durationSeconds: number | null;
  assets: { dimension: string; url: string; type: AdCreativeMediaKind }[];
}

const EMPTY: Creative = {
  sku: null,
  mediaUrl: null,
  mediaType: null,
  altText: null,
  adSizeId: null,
  destinationUrl: null,
  headline: null,
  description: null,
  brandName: null,
  brandUrl: null,
  durationSeconds: null,
  assets: [],
};

export const creativeOf = (row: AdRow): Creative => ({
  sku: row.sku,
  mediaUrl: row.mediaUrl,
  mediaType: row.mediaType,
  altText: row.altText,
  adSizeId: row.adSizeId,
  destinationUrl: row.destinationUrl,
  headline: row.headline,
  description: row.description,
  brandName: row.brandName,
  brandUrl: row.brandUrl,
  durationSeconds: row.durationSeconds,
  assets: Array.isArray(row.assets) ? (row.assets as unknown as Creative['assets']) : [],
});

const API_NAMES: Record<keyof Creative, string> = {
  sku: 'sku',
  mediaUrl: 'media_url',
  mediaType: 'media_type',
  altText: 'alt_text',
  adSizeId: 'ad_size_id',
  destinationUrl: 'destination_url',
  headline: 'headline',
  description: 'description',
  brandName: 'brand_name',
  brandUrl: 'brand_url',
  durationSeconds: 'duration',
  assets: 'assets',
};

/** The creative fields whose values differ, by their API names. */
export const changedCreative = (a: Creative, b: Creative): string[] =>
  (Object.keys(API_NAMES) as (keyof Creative)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).map((k) => API_NAMES[k]);

type Kind = AdCreativeMediaKind;

/** The kind a stored banner's media was checked as (rows written before banners had a kind: image). */
const kindOfRow = (row: AdRow | undefined): Kind | undefined => (row ? (row.mediaType === 'video' ? 'video' : 'image') : undefined);
const kindOf = (type: string): Kind | null => (type.startsWith('image/') ? 'image' : type === 'video/mp4' ? 'video' : null);

/**
 * Checks a creative against the publisher's inventory (catalog SKU, banner sizes; a video banner
 * on a video frame) and the media against the advertiser's uploads, and returns its columns. Media
 * already on the ad is kept as is, unless its declared kind changes.
 */
export function createCreativeCheck(deps: { repo: AdsRepo; storage: MediaStorage }) {
  async function media(accountId: number, field: string, url: string, expected: Kind, kept: Set<string>) {
    if (kept.has(url)) return;
    const key = await deps.storage.keyOf(accountId, url);
    if (!key) {
      throw new ValidationError('AD_MEDIA_NOT_ISSUED', { field }, [
        { field, code: 'custom', message: 'Use o endereço devolvido pelo envio de mídia (/uploads/…).' },
      ]);
    }
    if (kindOf(mediaTypeOfKey(key)) !== expected) {
      throw new ValidationError('AD_MEDIA_KIND_MISMATCH', { field, expected }, [
        { field, code: 'custom', message: `O arquivo deve ser do tipo ${expected === 'image' ? 'imagem' : 'vídeo'}.` },
      ]);
    }
  }

  return async function check(accountId: number, publisherId: number, input: UpdateAdInput, current?: AdRow): Promise<Creative> {
    const kept = new Set<string>(current?.mediaUrl ? [current.mediaUrl] : []);
    // An asset's file is kept only under the kind it was checked as.
    const keptAssets = new Set<string>(current ? creativeOf(current).assets.map((a) => `${a.type}:${a.url}`) : []);
    const none = new Set<string>();
    switch (input.ad_type) {
      case 'product':
        if (input.sku !== current?.sku && !(await deps.repo.productExists(publisherId, input.sku))) {
          throw new BusinessRuleError('AD_PRODUCT_NOT_FOUND', { sku: input.sku });
        }
        return { ...EMPTY, sku: input.sku };
      case 'banner': {
        const size = await deps.repo.adSize(publisherId, input.ad_size_id);
        if (!size) throw new BusinessRuleError('AD_SIZE_INVALID');
        if (input.media_type === 'video' && !AD_VIDEO_FRAMES.includes(`${size.width}x${size.height}`)) {
          throw new BusinessRuleError('AD_SIZE_NOT_VIDEO', { name: size.name, frames: AD_VIDEO_FRAMES.join(', ') });
        }
        await media(accountId, 'media_url', input.media_url, input.media_type, input.media_type === kindOfRow(current) ? kept : none);
        return {
          ...EMPTY,
          mediaUrl: input.media_url,
          mediaType: input.media_type,
          altText: input.alt_text,
          adSizeId: input.ad_size_id,
          destinationUrl: input.destination_url ?? null,
          brandName: input.brand_name ?? null,
        };
      }
      case 'sponsored_brand': {
        for (const [i, asset] of input.assets.entries()) {
          await media(accountId, `assets.${i}.url`, asset.url, asset.type, keptAssets.has(`${asset.type}:${asset.url}`) ? new Set([asset.url]) : none);
        }
        return {
          ...EMPTY,
          headline: input.headline,
          description: input.description,
          brandName: input.brand_name,
          brandUrl: input.brand_url,
          assets: input.assets.map((a) => ({ dimension: a.dimension, url: a.url, type: a.type })),
        };
      }
      case 'digital_signage':
        // A kept file whose declared kind changes is checked again.
        await media(accountId, 'media_url', input.media_url, input.media_type, input.media_type === current?.mediaType ? kept : none);
        return {
          ...EMPTY,
          mediaUrl: input.media_url,
          mediaType: input.media_type,
          // The contract requires it for a video, so only an image falls back to the default.
          durationSeconds: input.duration ?? AD_SIGNAGE_DURATION.imageDefault,
        };
    }
  };
}
