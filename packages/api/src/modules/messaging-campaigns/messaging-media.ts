import { MESSAGING_MEDIA_MAX_BYTES, MESSAGING_MEDIA_TYPES, type FlyerMediaType, type MessagingMediaType } from '@backoffice/contracts';
import { ValidationError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { sanitizeFileName, storeMedia, type MediaPolicy, type UploadedFile } from '../flyers/flyer-media.ts';

/** WhatsApp's limits per kind of media (Cloud API: images 5 MB, videos 16 MB, documents 100 MB). */
const limitByType = (type: FlyerMediaType) =>
  type === 'video/mp4' ? MESSAGING_MEDIA_MAX_BYTES.video : type === 'application/pdf' ? MESSAGING_MEDIA_MAX_BYTES.document : MESSAGING_MEDIA_MAX_BYTES.image;

/** How a media type travels in a WhatsApp message's header. */
export const whatsappMediaKind = (type: string | null): 'image' | 'video' | 'document' =>
  type === 'video/mp4' ? 'video' : type === 'application/pdf' ? 'document' : 'image';

/** Media of templates and campaigns: type by content (JPEG, PNG, MP4, PDF), size by kind, streamed into storage. */
export function createMessagingMedia(deps: { storage: MediaStorage; maxBytes?: number }) {
  const limitOf = (type: FlyerMediaType) => Math.min(limitByType(type), deps.maxBytes ?? Infinity);
  const largest = Math.min(Math.max(...Object.values(MESSAGING_MEDIA_MAX_BYTES)), deps.maxBytes ?? Infinity);
  const policy: MediaPolicy = {
    accept: MESSAGING_MEDIA_TYPES,
    rejected: () =>
      new ValidationError('MESSAGING_MEDIA_TYPE_NOT_ALLOWED', {}, [{ field: 'file', code: 'media_type', message: 'Envie JPEG, PNG, MP4 ou PDF.' }]),
    limitOf,
    kindOf: (type) => (type === 'video/mp4' ? 'vídeos' : type === 'application/pdf' ? 'PDF' : 'imagens'),
  };
  return {
    largest,
    async upload(accountId: number, file: UploadedFile) {
      const { stored, type, ext } = await storeMedia(deps.storage, accountId, file, policy);
      return { url: stored.url, type: type as MessagingMediaType, name: sanitizeFileName(file.filename, ext), size: stored.size };
    },
  };
}
export type MessagingMediaService = ReturnType<typeof createMessagingMedia>;
