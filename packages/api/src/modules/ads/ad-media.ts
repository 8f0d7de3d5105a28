import { AD_MEDIA_MAX_BYTES, AD_MEDIA_TYPES, AD_VIDEO_FRAMES, type AdMediaType, type FlyerMediaType } from '@backoffice/contracts';
import { BusinessRuleError, ValidationError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { storeMedia, type MediaPolicy, type UploadedFile } from '../flyers/flyer-media.ts';
import type { RmCaller, RmScopes } from '../retail-media/scope.ts';
import type { AdsRepo } from './ads.repo.ts';
import { IMAGE_HEAD_BYTES, imageSize } from './image-size.ts';

export interface AdMediaOptions {
  /** MEDIA_MAX_BYTES: lowers every limit. */
  maxBytes?: number;
}

const IMAGES = AD_MEDIA_TYPES.filter((t) => t !== 'video/mp4');
const AD_TYPES = ['product', 'banner', 'sponsored_brand', 'digital_signage'];

const invalid = (field: string, message: string) =>
  new ValidationError('VALIDATION_ERROR', { field, detail: message }, [{ field, code: 'custom', message }]);

/** The form fields sent before the file. */
export interface AdMediaFields {
  adSizeId?: string;
  adType?: string;
}

/**
 * Ad media upload: images, and MP4 for every type but product ads, checked by content and size
 * while streaming into storage (the flyers' store), then an image's pixel size against the banner
 * size asked. With a banner size, a video is taken only for a video frame (1280x720…); its pixel
 * size is not read (the MP4's header may sit at its end), the creative's size names it.
 */
export function createAdMedia(deps: { storage: MediaStorage; scopes: RmScopes; repo: AdsRepo } & AdMediaOptions) {
  const cap = deps.maxBytes ?? Infinity;
  const limitOf = (type: FlyerMediaType) => Math.min(type === 'video/mp4' ? AD_MEDIA_MAX_BYTES.video : AD_MEDIA_MAX_BYTES.image, cap);

  /** The banner size the image must match, when asked: one of the inventories the caller advertises on or runs. */
  async function sizeOf(caller: RmCaller, raw: string | undefined) {
    if (raw === undefined || raw === '') return null;
    if (!/^\d{1,9}$/.test(raw)) throw invalid('ad_size_id', 'Informe o id numérico de um formato de banner.');
    const scope = await deps.scopes.resolve(caller);
    const size = await deps.repo.adSizeOf([...scope.managed, ...scope.linkedPublishers], Number(raw));
    if (!size) throw new BusinessRuleError('AD_SIZE_INVALID');
    return size;
  }

  return {
    /** The largest file any type may have: the multipart parser's own cut-off. */
    largest: Math.min(Math.max(AD_MEDIA_MAX_BYTES.image, AD_MEDIA_MAX_BYTES.video), cap),

    async upload(caller: RmCaller, file: UploadedFile, fields: AdMediaFields) {
      if (fields.adType !== undefined && !AD_TYPES.includes(fields.adType)) {
        throw invalid('ad_type', 'Use product, banner, sponsored_brand ou digital_signage.');
      }
      const size = await sizeOf(caller, fields.adSizeId);
      const frame = size ? `${size.width}x${size.height}` : null;
      const video = fields.adType !== 'product' && (frame === null || AD_VIDEO_FRAMES.includes(frame));
      const policy: MediaPolicy = {
        accept: video ? AD_MEDIA_TYPES : IMAGES,
        rejected: () =>
          video
            ? new ValidationError('AD_MEDIA_FILE_NOT_ALLOWED', {}, [
                { field: 'file', code: 'media_type', message: 'Envie JPEG, PNG, WebP, GIF ou MP4.' },
              ])
            : size
              ? new ValidationError('AD_MEDIA_VIDEO_SIZE', { name: size.name, expected: frame! }, [
                  { field: 'file', code: 'media_type', message: 'Envie JPEG, PNG, WebP ou GIF.' },
                ])
              : new ValidationError('AD_MEDIA_IMAGE_REQUIRED', {}, [{ field: 'file', code: 'media_type', message: 'Envie JPEG, PNG, WebP ou GIF.' }]),
        limitOf,
        kindOf: (type) => (type === 'video/mp4' ? 'vídeos' : 'imagens'),
        keepHead: IMAGE_HEAD_BYTES,
      };
      const { stored, type, head } = await storeMedia(deps.storage, caller.accountId, file, policy);
      const dims = type === 'video/mp4' ? null : imageSize(type, head);
      if (size && type !== 'video/mp4' && (!dims || dims.width !== size.width || dims.height !== size.height)) {
        await deps.storage.remove(stored.key);
        const expected = `${size.width}x${size.height}`;
        if (!dims) throw new BusinessRuleError('AD_MEDIA_DIMENSIONS_UNREADABLE', { expected, name: size.name });
        throw new BusinessRuleError('AD_MEDIA_DIMENSIONS_MISMATCH', { expected, name: size.name, actual: `${dims.width}x${dims.height}` });
      }
      return {
        url: stored.url,
        media_type: type as AdMediaType,
        width: dims?.width ?? null,
        height: dims?.height ?? null,
        size: stored.size,
      };
    },
  };
}

export type AdMediaService = ReturnType<typeof createAdMedia>;
