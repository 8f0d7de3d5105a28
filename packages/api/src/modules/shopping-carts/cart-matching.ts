/**
 * How a list line becomes a cart line from the store's ranked matches (pure): a clear, available
 * best match is confirmed; several close ones leave it pending with them as candidates; a clear best
 * match that the store lacks is stock_out (alternatives are asked for separately); nothing
 * relevant leaves it pending with no candidate.
 */
import type { CartItemStatus } from '@backoffice/contracts';
import type { OfferMatch } from '../catalog/offer-matching.ts';
import { packSize, type ParsedLine } from './list-parser.ts';

/** Below this relevance a match is not a candidate at all. */
export const MIN_SCORE = 0.4;
/** A confirmed match is at least this relevant… */
export const CONFIDENT_SCORE = 0.6;
/** …and this far ahead of the next one; matches within it are "close" (ambiguous). */
export const CLEAR_GAP = 0.08;
/** A typo ("aroz") scores lower: it is confirmed still when nothing else comes near it. */
export const WEAK_SCORE = 0.45;
export const WIDE_GAP = 0.15;
/** Candidates offered on a pending line. */
export const MAX_CANDIDATES = 5;

export interface LineResolution {
  status: CartItemStatus;
  /** confirmed: the product; pending: the best guess (null: none); stock_out: the missing product. */
  product: OfferMatch | null;
  /** pending: the close candidates (the guess first). */
  candidates: OfferMatch[];
}

const lineAmount = (line: Pick<ParsedLine, 'quantity' | 'unit'>) => {
  if (line.unit === 'kg') return { amount: line.quantity, kind: 'weight' as const };
  if (line.unit === 'g') return { amount: line.quantity / 1000, kind: 'weight' as const };
  if (line.unit === 'l') return { amount: line.quantity, kind: 'volume' as const };
  return null;
};

/**
 * Among close matches, the one the amount asked points at: "5kg de arroz" → the 5 kg pack; "1kg de
 * tomate" → the tomato sold by weight rather than a 340 g sauce. Only when exactly one fits.
 */
function fitsAmount(line: Pick<ParsedLine, 'quantity' | 'unit'>, close: OfferMatch[]): OfferMatch | null {
  const asked = lineAmount(line);
  if (!asked) return null;
  const byWeight = asked.kind === 'weight' ? close.filter((m) => m.unitMeasurement === 'kg') : [];
  if (byWeight.length === 1) return byWeight[0]!;
  const samePack = close.filter((m) => {
    const pack = packSize(m.sizePack);
    return pack && pack.kind === asked.kind && Math.abs(pack.amount - asked.amount) < 1e-6;
  });
  return samePack.length === 1 ? samePack[0]! : null;
}

export function resolveLine(line: Pick<ParsedLine, 'quantity' | 'unit'>, matches: OfferMatch[]): LineResolution {
  const relevant = matches.filter((m) => m.score >= MIN_SCORE);
  const top = relevant[0];
  if (!top) return { status: 'pending', product: null, candidates: [] };
  const close = relevant.filter((m) => m.score >= top.score - CLEAR_GAP);
  const gap = top.score - (relevant[1]?.score ?? 0);
  const clear = (top.score >= CONFIDENT_SCORE && gap >= CLEAR_GAP) || (top.score >= WEAK_SCORE && gap >= WIDE_GAP);
  if (clear) return top.available ? { status: 'confirmed', product: top, candidates: [] } : { status: 'stock_out', product: top, candidates: [] };
  const available = close.filter((m) => m.available);
  if (!available.length) {
    // Every close match is missing at the store: the best one, with alternatives.
    if (top.score >= CONFIDENT_SCORE) return { status: 'stock_out', product: top, candidates: [] };
    return { status: 'pending', product: null, candidates: [] };
  }
  const fit = top.score >= CONFIDENT_SCORE ? fitsAmount(line, available) : null;
  if (fit) return { status: 'confirmed', product: fit, candidates: [] };
  const candidates = available.slice(0, MAX_CANDIDATES);
  return { status: 'pending', product: candidates[0]!, candidates };
}
