import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config.ts';

/** How long a signed embed URL stays valid. */
const EMBED_TTL_SECONDS = 10 * 60;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 JSON Web Token, as Metabase's signed embedding reads it. */
export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/**
 * Signed embed URLs of an account's own Metabase dashboards (Metabase "static embedding"): the
 * dashboard of each analytics dashboard by name (METABASE_DASHBOARDS), its locked parameters the
 * caller's account and filters, valid for ten minutes. Null without a Metabase or a dashboard.
 */
export function createMetabaseEmbeds(config: Pick<AppConfig, 'metabase'>, clock: () => Date = () => new Date()) {
  return {
    url(name: string, params: Record<string, string | number | null | undefined>): string | null {
      const mb = config.metabase;
      const dashboard = mb?.dashboards[name];
      if (!mb || !dashboard) return null;
      const locked = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null));
      const exp = Math.floor(clock().getTime() / 1000) + EMBED_TTL_SECONDS;
      const token = signJwt({ resource: { dashboard }, params: locked, exp }, mb.secretKey);
      return `${mb.siteUrl}/embed/dashboard/${token}#bordered=true&titled=true`;
    },
  };
}
export type MetabaseEmbeds = ReturnType<typeof createMetabaseEmbeds>;
