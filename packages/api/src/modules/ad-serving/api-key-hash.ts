import { createHash } from 'node:crypto';

/** A publisher key as stored: only its SHA-256, never the key. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
/** The start of a key, kept in clear so its owner can tell keys apart. */
export const apiKeyPrefix = (key: string) => key.slice(0, 12);
