import { MESSAGING_MEDIA_MAX_BYTES, MESSAGING_MEDIA_TYPES, type MessagingMediaType } from '@backoffice/contracts';
import { uploadWithProgress } from '../../shared/api/upload';
import type { MessagingMedia } from './api';
import { t } from '../../i18n';

const MB = 1024 * 1024;

const isMediaType = (type: string): type is MessagingMediaType => (MESSAGING_MEDIA_TYPES as readonly string[]).includes(type);

/** WhatsApp's limit for a type: 5 MB images, 16 MB MP4, 100 MB PDF. */
export function maxBytesFor(type: MessagingMediaType): number {
  if (type === 'video/mp4') return MESSAGING_MEDIA_MAX_BYTES.video;
  if (type === 'application/pdf') return MESSAGING_MEDIA_MAX_BYTES.document;
  return MESSAGING_MEDIA_MAX_BYTES.image;
}

const megabytes = (bytes: number) => (bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** The API's checks, before sending: the type first, then that type's size limit. Null when fine. */
export function checkMediaFile(file: { type: string; size: number }): string | null {
  if (!isMediaType(file.type)) return t('messagingCampaigns.media.invalidType');
  const limit = maxBytesFor(file.type);
  if (file.size > limit) return t('messagingCampaigns.media.tooLarge', { size: megabytes(file.size), limit: megabytes(limit) });
  return null;
}

/** Sends one file to POST /api/messaging-campaign/upload, reporting upload progress. */
export function uploadMessagingMedia(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<MessagingMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress<MessagingMedia>('/api/messaging-campaign/upload', form, onProgress, { signal, failedMessage: t('messagingCampaigns.media.failed') });
}
