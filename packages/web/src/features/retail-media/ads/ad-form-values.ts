import { UpdateAdBody, type AdCreativeMediaKind } from '@backoffice/contracts';
import type { Ad, AdType, CreateAdPayload, UpdateAdPayload } from './api';

export interface AdAssetValue {
  dimension: string;
  url: string;
  type: AdCreativeMediaKind;
}

/** The ad form's state: every creative field of every type; only the ad type's own are sent. */
export interface AdFormValues {
  ad_type: AdType;
  sku: string;
  /** Shown beside the chosen SKU; never sent. */
  product_name: string;
  product_image_url: string | null;
  media_url: string;
  /** The uploaded file's MIME type (or the saved ad's "image" / "video"). */
  media_type: string;
  /** A banner's media: an image of its size, or a video of a video size. */
  banner_kind: AdCreativeMediaKind;
  alt_text: string;
  ad_size_id: string | null;
  destination_url: string;
  headline: string;
  description: string;
  brand_name: string;
  brand_url: string;
  assets: AdAssetValue[];
  /** Digital signage: seconds on screen, as typed ('' when not given). */
  duration: number | '';
}

export function emptyAdValues(adType: AdType): AdFormValues {
  return {
    ad_type: adType,
    sku: '',
    product_name: '',
    product_image_url: null,
    media_url: '',
    media_type: '',
    banner_kind: 'image',
    alt_text: '',
    ad_size_id: null,
    destination_url: '',
    headline: '',
    description: '',
    brand_name: '',
    brand_url: '',
    assets: adType === 'sponsored_brand' ? [{ dimension: '', url: '', type: 'image' }] : [],
    duration: '',
  };
}

/** A saved ad → form values (edit). */
export function adToFormValues(ad: Ad): AdFormValues {
  const s = ad.settings;
  return {
    ...emptyAdValues(ad.ad_type),
    sku: s.sku ?? '',
    product_name: s.product_name ?? '',
    product_image_url: s.product_image_url,
    media_url: s.media_url ?? '',
    media_type: s.media_type ?? '',
    banner_kind: s.media_type === 'video' ? 'video' : 'image',
    alt_text: s.alt_text ?? '',
    ad_size_id: s.ad_size ? String(s.ad_size.id) : null,
    destination_url: s.destination_url ?? '',
    headline: s.headline ?? '',
    description: s.description ?? '',
    brand_name: s.brand_name ?? '',
    brand_url: s.brand_url ?? '',
    assets: s.assets.map((a) => ({ dimension: a.dimension, url: a.url, type: a.type })),
    duration: s.duration ?? '',
  };
}

/** Digital signage says "image" or "video"; an upload says the MIME type. */
export const signageKind = (mediaType: string): 'image' | 'video' => (mediaType.startsWith('video') ? 'video' : 'image');

const optionalText = (text: string) => (text.trim() === '' ? null : text.trim());
/** A required value not given yet is left out, so the schema says "Campo obrigatório." rather than a format rule. */
const required = <T>(value: T | '' | null): T => (value === '' || value === null ? (undefined as unknown as T) : value);

/** The creative of the ad's type, as the API's update body (and, with the campaign, its create body). */
export function toUpdateAdBody(v: AdFormValues): UpdateAdPayload {
  switch (v.ad_type) {
    case 'product':
      return { ad_type: 'product', sku: v.sku };
    case 'banner':
      return {
        ad_type: 'banner',
        media_type: v.banner_kind,
        media_url: required(v.media_url),
        alt_text: v.alt_text,
        ad_size_id: required(v.ad_size_id ? Number(v.ad_size_id) : null),
        destination_url: optionalText(v.destination_url),
        brand_name: optionalText(v.brand_name),
      };
    case 'sponsored_brand':
      return {
        ad_type: 'sponsored_brand',
        headline: v.headline,
        description: v.description,
        brand_name: v.brand_name,
        brand_url: v.brand_url,
        assets: v.assets.map((a) => ({ dimension: required(a.dimension), url: required(a.url), type: a.type })),
      };
    case 'digital_signage':
      return {
        ad_type: 'digital_signage',
        media_url: required(v.media_url),
        media_type: signageKind(v.media_type),
        ...(v.duration === '' ? {} : { duration: v.duration }),
      };
  }
}

export const toCreateAdBody = (v: AdFormValues, campaignId: number): CreateAdPayload => ({ ...toUpdateAdBody(v), campaign_id: campaignId }) as CreateAdPayload;

/** The form field an API or schema path points at ("assets.0.url" stays nested; "body." dropped). */
export function adFieldOf(path: string): string {
  const clean = path.replace(/^body\.?/, '');
  return clean === '' ? 'root' : clean;
}

/** Validates with the contracts' schema (the API's own rules), as errors keyed by form field. */
export function validateAdForm(v: AdFormValues): Record<string, string> {
  const result = UpdateAdBody.safeParse(toUpdateAdBody(v));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    // A missing upload is reported once, at the media field.
    errors[adFieldOf(issue.path.join('.'))] ??= issue.message;
  }
  return errors;
}
