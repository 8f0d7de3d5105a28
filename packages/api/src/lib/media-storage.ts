import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where the public URLs of stored media start; the files of one account live under `/uploads/<accountId>/`. */
export const UPLOADS_PREFIX = '/uploads/';

/** Extensions the storage writes; the name is always `<random uuid>.<ext>`, never the sender's. */
export const MEDIA_EXTENSIONS = ['jpg', 'png', 'webp', 'gif', 'pdf', 'mp4'] as const;
export type MediaExtension = (typeof MEDIA_EXTENSIONS)[number];

const KEY = new RegExp(`^(\\d+)/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${MEDIA_EXTENSIONS.join('|')})$`);

export interface StoredMedia {
  /** `<accountId>/<uuid>.<ext>` */
  key: string;
  /** The address the API serves it at (`/uploads/<key>`). */
  url: string;
  /** Bytes written. */
  size: number;
}

/**
 * Media files of tenants (DESIGN §6). The local implementation writes to disk and the API serves
 * `/uploads/*`; an S3-compatible one would put objects under the same keys.
 */
export interface MediaStorage {
  /** Writes the bytes under a new random name; when `body` throws, nothing is kept and the error goes on. */
  save(accountId: number, ext: MediaExtension, body: AsyncIterable<Buffer>): Promise<StoredMedia>;
  /** The key of a URL this storage issued to the account, when its file still exists; otherwise null. */
  keyOf(accountId: number, url: string): Promise<string | null>;
  remove(key: string): Promise<void>;
}

/** Whether a path under `/uploads/` names a file the storage could have written (no folders, dots or listings). */
export const isMediaKey = (key: string): boolean => KEY.test(key);

/** The key in a URL of ours, with the account it belongs to; null for anything else. */
export function parseMediaUrl(url: string): { key: string; accountId: number } | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  const m = KEY.exec(key);
  return m ? { key, accountId: Number(m[1]) } : null;
}

/** Local disk: `<root>/<accountId>/<uuid>.<ext>`, written to a hidden part file and renamed when complete. */
export function createLocalMediaStorage(root: string): MediaStorage & { root: string } {
  return {
    root,
    async save(accountId, ext, body) {
      const dir = join(root, String(accountId));
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${ext}`;
      // Dot files are never served, so a half-written upload cannot be fetched.
      const part = join(dir, `.${name}.part`);
      try {
        await pipeline(Readable.from(body), createWriteStream(part, { flags: 'wx' }));
        await rename(part, join(dir, name));
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
      const key = `${accountId}/${name}`;
      const { size } = await stat(join(root, key));
      return { key, url: `${UPLOADS_PREFIX}${key}`, size };
    },
    async keyOf(accountId, url) {
      const parsed = parseMediaUrl(url);
      if (!parsed || parsed.accountId !== accountId) return null;
      const exists = await stat(join(root, parsed.key)).then(
        (s) => s.isFile(),
        () => false,
      );
      return exists ? parsed.key : null;
    },
    async remove(key) {
      if (KEY.test(key)) await rm(join(root, key), { force: true });
    },
  };
}

/** `<DATA_DIR>/uploads`, or a fresh temporary folder (to remove on close) when the data lives in memory (tests). */
export async function localMediaRoot(dataDir: string): Promise<{ root: string; temporary: boolean }> {
  const temporary = dataDir === 'memory://';
  const root = temporary ? await mkdtemp(join(tmpdir(), 'backoffice-uploads-')) : join(dataDir, 'uploads');
  await mkdir(root, { recursive: true });
  return { root, temporary };
}
