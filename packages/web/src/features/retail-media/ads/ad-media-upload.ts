import { AD_MEDIA_MAX_BYTES, AD_MEDIA_TYPES, type AdMediaType } from '@backoffice/contracts';
import { ApiError } from '../../../shared/api/client';
import { getSession } from '../../../shared/session/session';
import type { AdMedia, AdType } from './api';
import { LANGUAGE, t } from '../../../i18n';

const MB = 1024 * 1024;

const isAdMediaType = (type: string): type is AdMediaType => (AD_MEDIA_TYPES as readonly string[]).includes(type);

/** The largest file the API takes: 10 MB for images, 50 MB for MP4. */
export const maxAdMediaBytes = (type: AdMediaType) => (type === 'video/mp4' ? AD_MEDIA_MAX_BYTES.video : AD_MEDIA_MAX_BYTES.image);

const megabytes = (bytes: number) => (bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** What a file picker accepts for an ad type: images, plus MP4 for digital signage only. */
export const acceptedAdMedia = (adType: AdType) => AD_MEDIA_TYPES.filter((type) => adType === 'digital_signage' || type !== 'video/mp4');

/** The API's checks before sending: the type (video only for digital signage), then its size limit. Null when fine. */
export function checkAdMediaFile(file: { type: string; size: number }, adType: AdType): string | null {
  if (!isAdMediaType(file.type) || !acceptedAdMedia(adType).includes(file.type)) {
    return t(adType === 'digital_signage' ? 'rmAds.media.invalidTypeSignage' : 'rmAds.media.invalidType');
  }
  const limit = maxAdMediaBytes(file.type);
  if (file.size > limit) return t('rmAds.media.tooLarge', { size: megabytes(file.size), limit: megabytes(limit) });
  return null;
}

function parseError(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: string; message?: string; details?: Array<{ field: string; message: string }> } };
    // A 400 names the file's problem in its details ("Envie JPEG, PNG, WebP ou GIF.").
    const message = body.error?.details?.[0]?.message ?? body.error?.message;
    if (message) return new ApiError(xhr.status, body.error?.code ?? 'HTTP_ERROR', message, body.error?.details);
  } catch {
    // Not an envelope (a proxy's page): the generic message below.
  }
  return new ApiError(xhr.status, 'HTTP_ERROR', t('rmAds.media.failed'));
}

export interface AdMediaUpload {
  file: File;
  adType: AdType;
  /** A banner's size: the API checks the image is exactly that width and height. */
  adSizeId?: number | null;
}

/**
 * Sends one file to POST /ad/media. XMLHttpRequest rather than fetch because only it reports
 * upload progress; the form fields go before the file, as the API reads them first.
 */
export function uploadAdMedia({ file, adType, adSizeId }: AdMediaUpload, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<AdMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/ad/media');
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept-language', LANGUAGE);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(JSON.parse(xhr.responseText) as AdMedia);
      } else reject(parseError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', t('rmAds.media.failed')));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('ad_type', adType);
    if (adSizeId) form.append('ad_size_id', String(adSizeId));
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
