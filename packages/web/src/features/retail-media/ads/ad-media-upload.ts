import { AD_MEDIA_MAX_BYTES, AD_MEDIA_TYPES, type AdMediaType } from '@backoffice/contracts';
import { uploadWithProgress } from '../../../shared/api/upload';
import type { AdMedia, AdType } from './api';
import { t } from '../../../i18n';

const MB = 1024 * 1024;

const isAdMediaType = (type: string): type is AdMediaType => (AD_MEDIA_TYPES as readonly string[]).includes(type);

/** The largest file the API takes: 10 MB for images, 50 MB for MP4. */
export const maxAdMediaBytes = (type: AdMediaType) => (type === 'video/mp4' ? AD_MEDIA_MAX_BYTES.video : AD_MEDIA_MAX_BYTES.image);

const megabytes = (bytes: number) => (bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** What a media field takes: images, MP4 videos, or either (digital signage). */
export type AdMediaKind = 'image' | 'video' | 'any';

/** The kind of media an ad type's upload takes when its form does not choose one: product ads images, digital signage either. */
export const defaultMediaKind = (adType: AdType): AdMediaKind => (adType === 'digital_signage' ? 'any' : 'image');

/** What a file picker accepts for a kind of media. */
export const acceptedAdMedia = (kind: AdMediaKind) => AD_MEDIA_TYPES.filter((type) => kind === 'any' || (kind === 'video') === (type === 'video/mp4'));

const INVALID_TYPE: Record<AdMediaKind, string> = { image: 'rmAds.media.invalidType', video: 'rmAds.media.invalidTypeVideo', any: 'rmAds.media.invalidTypeSignage' };

/** The API's checks before sending: the type (of the kind asked), then its size limit. Null when fine. */
export function checkAdMediaFile(file: { type: string; size: number }, kind: AdMediaKind): string | null {
  if (!isAdMediaType(file.type) || !acceptedAdMedia(kind).includes(file.type)) return t(INVALID_TYPE[kind]);
  const limit = maxAdMediaBytes(file.type);
  if (file.size > limit) return t('rmAds.media.tooLarge', { size: megabytes(file.size), limit: megabytes(limit) });
  return null;
}

export interface AdMediaUpload {
  file: File;
  adType: AdType;
  /** A banner's size: the API checks an image is exactly that width and height, and takes a video only for a video size. */
  adSizeId?: number | null;
}

/** Sends one file to POST /ad/media, reporting upload progress; the form fields go before the file, as the API reads them first. */
export function uploadAdMedia({ file, adType, adSizeId }: AdMediaUpload, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<AdMedia> {
  const form = new FormData();
  form.append('ad_type', adType);
  if (adSizeId) form.append('ad_size_id', String(adSizeId));
  form.append('file', file, file.name);
  return uploadWithProgress<AdMedia>('/ad/media', form, onProgress, { signal, failedMessage: t('rmAds.media.failed') });
}
