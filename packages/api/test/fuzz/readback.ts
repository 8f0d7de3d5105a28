import type { RouteContract } from '@backoffice/contracts';

/**
 * The GET that reads what a write stored: the same path (PUT/PATCH of an object, or of a
 * singleton like the profile), else `<collection>/:id` with the id the write answered (POST).
 */
export function readbackOf(write: RouteContract, all: RouteContract[]): { contract: RouteContract; byAnsweredId: boolean } | undefined {
  if (write.method === 'GET' || write.method === 'DELETE') return undefined;
  const gets = all.filter((c) => c.method === 'GET');
  const norm = (p: string) => p.replace(/(.)\/$/, '$1');
  const same = gets.find((g) => norm(g.path) === norm(write.path));
  if (same && write.method !== 'POST') return { contract: same, byAnsweredId: false };
  if (write.method !== 'POST') return undefined;
  const base = norm(write.path);
  const parent = base.replace(/\/[^/:]+$/, '');
  for (const candidate of [`${base}/:id`, `${parent}/:id`]) {
    const found = gets.find((g) => norm(g.path) === candidate);
    if (found) return { contract: found, byAnsweredId: true };
  }
  return undefined;
}

/**
 * Fields a write takes but, as its contract documents, does not store as sent: not compared.
 * (operationId → field → why)
 */
type Skip = string | ((sent: Record<string, unknown>) => string | undefined);
export const NOT_READ_BACK: Record<string, Record<string, Skip>> = {
  createFlyer: { media_type: 'documented as ignored: the type comes from the file', media_name: 'only kept with a media_url' },
  updateFlyer: { media_type: 'documented as ignored: the type comes from the file', media_name: 'only kept with a media_url' },
  createMessagingTemplate: { media_type: 'documented as ignored: the type comes from the file', media_name: 'only kept with a media_url' },
  updateMessagingTemplate: { media_type: 'documented as ignored: the type comes from the file', media_name: 'only kept with a media_url' },
  createMessagingCampaign: { media_type: 'documented as ignored: the type comes from the file', media_name: 'only kept with a media_url' },
  updateMessagingCampaign: { media_type: 'documented as ignored: the type comes from the file', media_name: 'only kept with a media_url' },
  inviteUser: { access_module_ids: (b) => (b.role === 'admin' ? 'an admin opens every module (documented; an empty list says nothing)' : undefined) },
};

/** The fields of a parsed body that its read-back is compared on. */
export function comparedFields(operationId: string, sent: Record<string, unknown>): Record<string, unknown> {
  const skips = NOT_READ_BACK[operationId] ?? {};
  return Object.fromEntries(
    Object.entries(sent).filter(([k]) => {
      const skip = skips[k];
      return !(typeof skip === 'function' ? skip(sent) : skip);
    }),
  );
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

function sameValue(sent: unknown, read: unknown): boolean {
  if (typeof sent === 'number' && typeof read === 'number') return Math.abs(sent - read) <= 1e-9 * Math.max(1, Math.abs(sent));
  if (typeof sent === 'string' && typeof read === 'string' && ISO_INSTANT.test(sent) && ISO_INSTANT.test(read)) {
    return new Date(sent).getTime() === new Date(read).getTime();
  }
  return sent === read;
}

/**
 * Where what was read differs from what was sent, for every field both have in a comparable form
 * (a field the GET does not show, or shows in another shape, is not compared). Counts compared fields.
 */
export function readbackDiffs(sent: unknown, read: unknown, path = '', counter = { compared: 0 }): string[] {
  if (read === undefined) return [];
  if (isPrimitive(sent)) {
    if (!isPrimitive(read)) return [];
    counter.compared++;
    return sameValue(sent, read) ? [] : [`${path || '(root)'}: sent ${JSON.stringify(sent)?.slice(0, 200)}, read ${JSON.stringify(read)?.slice(0, 200)}`];
  }
  if (Array.isArray(sent)) {
    if (!Array.isArray(read)) return [];
    if (sent.every(isPrimitive) && read.every(isPrimitive)) {
      counter.compared++;
      const a = sent.map((v) => JSON.stringify(v)).sort();
      const b = read.map((v) => JSON.stringify(v)).sort();
      return a.length === b.length && a.every((v, i) => sameValue(JSON.parse(v), JSON.parse(b[i]!)))
        ? []
        : [`${path}: sent ${JSON.stringify(sent).slice(0, 200)}, read ${JSON.stringify(read).slice(0, 200)}`];
    }
    if (sent.every(isPlainObject) && read.every(isPlainObject)) {
      // Each item sent is some item read (the order may be the API's own).
      const out: string[] = [];
      sent.forEach((item, i) => {
        const matches = read.some((r) => readbackDiffs(item, r, '', { compared: 0 }).length === 0);
        counter.compared++;
        if (!matches) out.push(`${path}[${i}]: sent ${JSON.stringify(item).slice(0, 200)}, read none like it in ${JSON.stringify(read).slice(0, 300)}`);
      });
      return out;
    }
    return [];
  }
  if (isPlainObject(sent) && isPlainObject(read)) {
    return Object.entries(sent).flatMap(([k, v]) => readbackDiffs(v, read[k], path ? `${path}.${k}` : k, counter));
  }
  return [];
}
