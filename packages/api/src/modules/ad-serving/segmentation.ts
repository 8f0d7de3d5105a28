import type { AudienceRule, RmaRequest } from '@backoffice/contracts';

/**
 * Audience targeting of an ad query (`segmentation`, as the VTEX Ads API documents it).
 *
 * A campaign without audiences serves everyone. A campaign with audiences serves a request only
 * when one of them matches it:
 *  - AUDIENCES names it, by id ("12") or by name, ignoring case, accents and the difference
 *    between spaces, "_" and "-" ("amantes_de_cafe" names "Amantes de café");
 *  - or every one of its rules holds on what the request says of the person: STATE (rules on
 *    `state`), CITY (`city`), GENDER (`gender`: M/F, masculino/feminino, male/female) and AGE
 *    (`age_range`: an age in years falls in its range, "25_34" names one). A rule on an attribute
 *    the request does not send (or one it cannot send, such as `purchase_frequency`) does not
 *    hold, so such an audience is reached only by naming it. Several values for one key: a
 *    positive rule (eq, in, contains, gt…) holds when one of them satisfies it, a negative one
 *    (neq, not_in) when none is excluded.
 * Texts compare without case or accents. Other keys are ignored; NBO_CATEGORIES is read by the
 * decision itself (nboCategories).
 */

export interface IndexedAudience {
  id: number;
  /** Its name, folded by audienceKey. */
  key: string;
  rules: AudienceRule[];
}

/** Case-, accent- and padding-free text. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase();

/** An audience name as a request may spell it: folded, with spaces, "_" and "-" alike. */
const audienceKey = (s: string) => fold(s).replace(/[\s_-]+/g, ' ');

/** An audience as the index keeps it, for matching requests. */
export function compileAudience(a: { id: number; name: string; rules: unknown }): IndexedAudience {
  return { id: a.id, key: audienceKey(a.name), rules: Array.isArray(a.rules) ? (a.rules as AudienceRule[]) : [] };
}

const GENDERS: Record<string, string> = {
  m: 'male',
  h: 'male',
  male: 'male',
  masculino: 'male',
  homem: 'male',
  f: 'female',
  female: 'female',
  feminino: 'female',
  mulher: 'female',
};

/** The `age_range` option of an age in years ("37" → "35_44"); a range's own name stays. */
function ageRange(value: string): string {
  if (!/^\d{1,3}$/.test(value)) return value;
  const age = Number(value);
  if (age < 18) return 'under_18';
  if (age >= 65) return '65_plus';
  const bounds = [24, 34, 44, 54, 64];
  const upper = bounds.find((b) => age <= b)!;
  const lower = upper === 24 ? 18 : upper - 9;
  return `${lower}_${upper}`;
}

/** Segmentation keys and the audience attribute each speaks of, with how its values read. */
const ATTRIBUTES: Record<string, { attribute: string; read: (v: string) => string }> = {
  STATE: { attribute: 'state', read: (v) => v },
  CITY: { attribute: 'city', read: (v) => v },
  GENDER: { attribute: 'gender', read: (v) => GENDERS[v] ?? v },
  AGE: { attribute: 'age_range', read: ageRange },
};

type Segmentation = NonNullable<RmaRequest['segmentation']>;

const asText = (v: unknown) => fold(String(v));

function holds(rule: AudienceRule, values: readonly string[]): boolean {
  const list = Array.isArray(rule.value) ? rule.value.map(asText) : [asText(rule.value)];
  const target = list[0]!;
  const numbers = values.map(Number).filter((n) => Number.isFinite(n));
  const bound = Number(target);
  switch (rule.operator) {
    case 'eq':
      return values.includes(target);
    case 'neq':
      return !values.includes(target);
    case 'in':
      return values.some((v) => list.includes(v));
    case 'not_in':
      return values.every((v) => !list.includes(v));
    case 'contains':
      return values.some((v) => v.includes(target));
    case 'gt':
      return numbers.some((n) => n > bound);
    case 'gte':
      return numbers.some((n) => n >= bound);
    case 'lt':
      return numbers.some((n) => n < bound);
    case 'lte':
      return numbers.some((n) => n <= bound);
    case 'between':
      return numbers.some((n) => n >= Number(list[0]) && n <= Number(list[1]));
  }
}

const NONE: ReadonlySet<number> = new Set();

/** The ids of the audiences (of those the index knows) a request's segmentation matches. */
export function matchingAudiences(audiences: ReadonlyMap<number, IndexedAudience>, segmentation: Segmentation | undefined): ReadonlySet<number> {
  if (!segmentation?.length || audiences.size === 0) return NONE;
  const named = new Set<string>();
  const attrs = new Map<string, string[]>();
  for (const { key, values } of segmentation) {
    const k = key.trim().toUpperCase();
    if (k === 'AUDIENCES') for (const v of values) named.add(audienceKey(v));
    const spec = ATTRIBUTES[k];
    if (!spec) continue;
    const list = attrs.get(spec.attribute) ?? [];
    for (const v of values) list.push(spec.read(fold(v)));
    attrs.set(spec.attribute, list);
  }
  const matched = new Set<number>();
  for (const a of audiences.values()) {
    if (named.has(a.key) || named.has(String(a.id))) matched.add(a.id);
    else if (a.rules.length && a.rules.every((r) => attrs.has(r.attribute) && holds(r, attrs.get(r.attribute)!))) matched.add(a.id);
  }
  return matched;
}

/** The categories (breadcrumbs) a request says the person intends to buy (NBO_CATEGORIES). */
export function nboCategories(segmentation: Segmentation | undefined): string[] {
  if (!segmentation?.length) return [];
  return segmentation.filter((s) => s.key.trim().toUpperCase() === 'NBO_CATEGORIES').flatMap((s) => s.values);
}
