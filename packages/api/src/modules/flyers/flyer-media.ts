import { FLYER_MEDIA_MAX_BYTES, FLYER_MEDIA_TYPES, type FlyerMediaType } from '@backoffice/contracts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import type { MediaExtension, MediaStorage } from '../../lib/media-storage.ts';

/** Enough of the file's start to recognise every accepted format. */
const HEAD_BYTES = 16;

const EXTENSIONS: Record<FlyerMediaType, MediaExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
};

/** The type of a stored file, from the extension the storage gave it. */
export function mediaTypeOfKey(key: string): FlyerMediaType {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  const type = (Object.keys(EXTENSIONS) as FlyerMediaType[]).find((t) => EXTENSIONS[t] === ext);
  if (!type) throw new Error(`not a media key: ${key}`);
  return type;
}

// ISO base-media brands of MP4 video; QuickTime ('qt  ') and HEIF/AVIF images share the box format but are not MP4.
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV', 'f4v ']);

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

/** The real type of a file from its first bytes (magic numbers), whatever its name or declared type says. */
export function sniffMediaType(head: Buffer): FlyerMediaType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) return 'video/mp4';
  return null;
}

/** The sender's file name without folders, control or reserved characters; `arquivo.<ext>` when nothing is left. */
export function sanitizeFileName(name: string | undefined, ext: MediaExtension): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 200);
  return clean || `arquivo.${ext}`;
}

const megabytes = (n: number) => `${Math.floor(n / (1024 * 1024))} MB`;

export interface UploadedFile {
  filename: string | undefined;
  stream: AsyncIterable<Buffer>;
}

/** What one kind of upload takes: the accepted types (by content), their size limits and the leading bytes to keep. */
export interface MediaPolicy {
  accept: readonly FlyerMediaType[];
  /** The 400 for a file of another type. */
  rejected: () => AppError;
  /** Largest size of a type, in bytes. */
  limitOf: (type: FlyerMediaType) => number;
  /** How the 413 names the kind of a type ("vídeos", "imagens"). */
  kindOf: (type: FlyerMediaType) => string;
  /** Keeps up to this many leading bytes in `head` (to read image dimensions); 0 by default. */
  keepHead?: number;
}

/** Streams one upload into storage, checking its type by content against the policy and its size as it goes. */
export async function storeMedia(storage: MediaStorage, accountId: number, file: UploadedFile, policy: MediaPolicy) {
  const iterator = file.stream[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    first.push(next.value);
    headLength += next.value.length;
  }
  const type = sniffMediaType(Buffer.concat(first));
  if (!type || !policy.accept.includes(type)) {
    // Node discards the rest of the request body once the answer is sent.
    await iterator.return?.();
    throw policy.rejected();
  }
  const limit = policy.limitOf(type);
  const keep = policy.keepHead ?? 0;
  const kept: Buffer[] = [];
  let keptLength = 0;
  let size = 0;
  async function* counted() {
    const rest: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => iterator };
    for (const chunk of first) yield check(chunk);
    if (!done) for await (const chunk of rest) yield check(chunk);
  }
  const check = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) throw new AppError(413, 'MEDIA_TOO_LARGE', 'MEDIA_TOO_LARGE', { kind: policy.kindOf(type), max: megabytes(limit) });
    if (keptLength < keep) {
      kept.push(chunk.subarray(0, keep - keptLength));
      keptLength += Math.min(chunk.length, keep - keptLength);
    }
    return chunk;
  };
  const stored = await storage.save(accountId, EXTENSIONS[type], counted());
  return { stored, type, ext: EXTENSIONS[type], head: Buffer.concat(kept) };
}

/** Checks the type by content and the size by kind while streaming the file into storage. */
export function createFlyerMedia(deps: { storage: MediaStorage; maxBytes?: number }) {
  const limitOf = (type: FlyerMediaType) => {
    const byKind = type === 'video/mp4' ? FLYER_MEDIA_MAX_BYTES.video : FLYER_MEDIA_MAX_BYTES.image;
    return Math.min(byKind, deps.maxBytes ?? Infinity);
  };
  /** The largest file any type may have: the multipart parser's own cut-off. */
  const largest = Math.min(Math.max(FLYER_MEDIA_MAX_BYTES.image, FLYER_MEDIA_MAX_BYTES.video), deps.maxBytes ?? Infinity);
  const policy: MediaPolicy = {
    accept: FLYER_MEDIA_TYPES,
    rejected: () =>
      new ValidationError('MEDIA_TYPE_NOT_ALLOWED', {}, [
        { field: 'file', code: 'media_type', message: 'Envie JPEG, PNG, WebP, GIF, PDF ou MP4.' },
      ]),
    limitOf,
    kindOf: (type) => (type === 'video/mp4' ? 'vídeos' : 'imagens e PDF'),
  };

  return {
    largest,

    async upload(accountId: number, file: UploadedFile) {
      const { stored, type, ext } = await storeMedia(deps.storage, accountId, file, policy);
      return { media_url: stored.url, media_type: type, media_name: sanitizeFileName(file.filename, ext), size: stored.size };
    },
  };
}
export type FlyerMediaService = ReturnType<typeof createFlyerMedia>;
