import { FLYER_MEDIA_MAX_BYTES, FLYER_MEDIA_TYPES, type FlyerMediaType } from '@backoffice/contracts';
import { uploadWithProgress } from '../../shared/api/upload';
import type { FlyerMedia } from './api';
import { t } from '../../i18n';

const MB = 1024 * 1024;

export type MediaKind = 'image' | 'video' | 'pdf';

/** How a media type is shown: <img>, <video> or a PDF embed (svg is an image too, for the demo flyers). */
export function mediaKind(type: string | null | undefined, url?: string | null): MediaKind | null {
  if (type?.startsWith('image/')) return 'image';
  if (type === 'video/mp4' || type?.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'pdf';
  if (!type && url) {
    if (/\.(png|jpe?g|webp|gif|svg)$/i.test(url)) return 'image';
    if (/\.mp4$/i.test(url)) return 'video';
    if (/\.pdf$/i.test(url)) return 'pdf';
  }
  return null;
}

const isMediaType = (type: string): type is FlyerMediaType => (FLYER_MEDIA_TYPES as readonly string[]).includes(type);

/** The largest file the API takes for a type: 10 MB for images and PDF, 50 MB for MP4. */
export const maxBytesFor = (type: FlyerMediaType) => (type === 'video/mp4' ? FLYER_MEDIA_MAX_BYTES.video : FLYER_MEDIA_MAX_BYTES.image);

const megabytes = (bytes: number) => (bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** The API's checks, before sending: the type first, then that type's size limit. Null when fine. */
export function checkMediaFile(file: { type: string; size: number }): string | null {
  if (!isMediaType(file.type)) return t('flyers.media.invalidType');
  const limit = maxBytesFor(file.type);
  if (file.size > limit) return t('flyers.media.tooLarge', { size: megabytes(file.size), limit: megabytes(limit) });
  return null;
}

/** Sends one file to POST /api/promotion-flyer/media, reporting upload progress. */
export function uploadFlyerMedia(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<FlyerMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<FlyerMedia>('/api/promotion-flyer/media', form, onProgress, { signal, failedMessage: t('flyers.media.failed') });
}
