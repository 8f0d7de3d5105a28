import { RMA_VIDEO_SIZES } from '@backoffice/contracts';
import { normText, sizeClassOf, type AdAsset, type PublisherIndex } from './ad-index.ts';

/**
 * What a placement's `size` asks for:
 *  - a video size (1080p, 720p, 480p, 360p, 320p): the frame RMA_VIDEO_SIZES gives it
 *    (720p = 1280x720): a banner whose ad size has that frame, a sponsored-brand asset of that dimension;
 *  - "desktop" or "mobile": the publisher's size of that name when it has one; else by width,
 *    mobile up to 480 px wide and desktop wider (sizeClassOf);
 *  - "728x90" (spaces allowed) or the name of one of the publisher's sizes (any case).
 * Digital signage ignores it.
 */
export interface SizeRule {
  /** The banner sizes (ad_sizes ids) that fit. */
  ids: ReadonlySet<number>;
  /** The asset dimensions ("728x90") that fit; null: those of `sizeClass`. */
  frames: ReadonlySet<string> | null;
  sizeClass: 'desktop' | 'mobile' | null;
}

const NONE: ReadonlySet<never> = new Set();
/** Rules kept per index: `size` comes from requests, so only this many distinct texts are kept. */
const MAX_RULES = 256;

const VIDEO_FRAMES: Record<string, string> = RMA_VIDEO_SIZES;

function resolve(idx: PublisherIndex, size: string): SizeRule {
  const wanted = normText(size);
  const compact = wanted.replace(/\s+/g, '');
  const video = VIDEO_FRAMES[compact];
  if (video) return { ids: idx.sizesByKey.get(video) ?? NONE, frames: new Set([video]), sizeClass: null };
  if ((compact === 'desktop' || compact === 'mobile') && !idx.namedFrames.has(compact))
    return { ids: idx.sizesByClass.get(compact) ?? NONE, frames: null, sizeClass: compact };
  const exact = idx.sizesByKey.get(wanted);
  const squeezed = idx.sizesByKey.get(compact);
  const ids = exact && squeezed && exact !== squeezed ? new Set([...exact, ...squeezed]) : (exact ?? squeezed ?? NONE);
  const frames = new Set([...(idx.namedFrames.get(wanted) ?? []), ...(idx.namedFrames.get(compact) ?? [])]);
  if (/^\d+x\d+$/.test(compact)) frames.add(compact);
  return { ids, frames, sizeClass: null };
}

/** The rule of a placement's `size` (kept per index and text: resolved once). */
export function sizeRuleOf(idx: PublisherIndex, size: string): SizeRule {
  const cache = idx.sizeRules as Map<string, SizeRule>;
  let rule = cache.get(size);
  if (!rule) {
    rule = resolve(idx, size);
    if (cache.size < MAX_RULES) cache.set(size, rule);
  }
  return rule;
}

/** Whether an asset of this dimension ("1280x720") fits the rule. */
export const fitsDimension = (rule: SizeRule, dimension: string | null) =>
  dimension !== null && (rule.sizeClass ? sizeClassOf(dimension) === rule.sizeClass : rule.frames!.has(dimension));

/**
 * The assets of a sponsored brand a placement shows, as a bit mask of their positions (0: none
 * fits): those of an accepted media type and, when the placement names a size, of a dimension
 * that fits it.
 */
export function chosenAssets(assets: readonly AdAsset[], mediaMask: number, rule: SizeRule | null, mediaBits: Record<AdAsset['type'], number>): number {
  let mask = 0;
  for (let i = 0; i < assets.length && i < 31; i++) {
    const a = assets[i]!;
    if ((mediaBits[a.type] & mediaMask) !== 0 && (!rule || fitsDimension(rule, a.dimension))) mask |= 1 << i;
  }
  return mask;
}
