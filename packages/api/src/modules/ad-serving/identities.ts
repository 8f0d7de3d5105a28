import { CONVERSION_HASHED_FIELDS, type ConversionBody, type ConversionHashedField } from '@backoffice/contracts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Tx } from '../../db/client.ts';
import { lockPeople, personKey } from './attribution.ts';

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** SHA-256 of the empty text: what a site sends when it hashes a field it does not have. */
const SHA256_OF_EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** Why a hashed field of a conversion was not stored. */
export type IgnoredReason = 'not_sha256' | 'hash_of_empty';

export type StoredHashes = Partial<Record<ConversionHashedField, string>>;

/**
 * The hashed identifiers of an order that may be stored (SHA-256 hex, lower-cased) and the fields
 * that may not: anything else may be the raw e-mail, phone or CPF, so it is dropped here, before
 * any query or log line sees it. An absent or empty field is neither.
 */
export function screenHashes(body: Pick<ConversionBody, ConversionHashedField>) {
  const stored: StoredHashes = {};
  const ignored: { field: ConversionHashedField; reason: IgnoredReason }[] = [];
  for (const field of CONVERSION_HASHED_FIELDS) {
    const value = body[field]?.toLowerCase();
    if (!value) continue;
    if (!SHA256_HEX.test(value)) ignored.push({ field, reason: 'not_sha256' });
    else if (value === SHA256_OF_EMPTY) ignored.push({ field, reason: 'hash_of_empty' });
    else stored[field] = value;
  }
  return { stored, ignored };
}

/** The fields that identify a person across channels (names do not: many people share one). */
const IDENTIFYING = { email_hashed: 'email', phone_hashed: 'phone', social_id_hashed: 'social_id' } as const;

/** `email:<sha256>`, `phone:<sha256>`, `social_id:<sha256>` of the stored hashes, sorted. */
export const identifiersOf = (hashes: StoredHashes): string[] =>
  (Object.keys(IDENTIFYING) as (keyof typeof IDENTIFYING)[])
    .flatMap((field) => (hashes[field] ? [`${IDENTIFYING[field]}:${hashes[field]}`] : []))
    .sort();

/**
 * An identifier seen with more user ids than this is not one person's (a store's placeholder e-mail,
 * a shared family phone) and links nobody.
 */
export const IDENTIFIER_MAX_USERS = 20;

/** SQL condition: the identifier of `alias` is seen with at most IDENTIFIER_MAX_USERS user ids of its publisher. */
const personal = (alias: string) => Prisma.sql`(
  SELECT count(*) FROM (
    SELECT 1 FROM rm_identities n WHERE n.publisher_id = ${Prisma.raw(alias)}.publisher_id AND n.identifier = ${Prisma.raw(alias)}.identifier
     LIMIT ${IDENTIFIER_MAX_USERS + 1}) seen) <= ${IDENTIFIER_MAX_USERS}`;

/**
 * SQL joins from a user (`<publisher>`, `<user>` expressions) to the other user ids of the same
 * person, those seen with one of its identifiers: rows `mine` (its sightings) and `o` (the others').
 * Which sightings count is linkSeenBy's.
 */
export const linkedUsersJoin = (publisher: Prisma.Sql, user: Prisma.Sql) => Prisma.sql`
  JOIN rm_identities mine ON mine.publisher_id = ${publisher} AND mine.user_id = ${user}
  JOIN rm_identities o ON o.publisher_id = mine.publisher_id AND o.identifier = mine.identifier AND o.user_id <> mine.user_id
                      AND ${personal('mine')}`;

/** SQL condition on linkedUsersJoin: both sightings no later than `at` (a conversion's received_at: links from it or an earlier one). */
export const linkSeenBy = (at: Prisma.Sql) => Prisma.sql`mine.first_seen_at <= ${at} AND o.first_seen_at <= ${at}`;

/**
 * For each of these conversions that has a user id, every user id of its person: its own first,
 * then those linked to it (linkedUsersJoin). The event lookup of attribution reads these.
 */
export async function peopleOf(tx: Pick<Tx, '$queryRaw'>, ids: bigint[]): Promise<Map<bigint, { publisherId: number; users: string[] }>> {
  const rows = await tx.$queryRaw<{ id: bigint; publisher_id: number; user_id: string; linked: string[] | null }[]>`
    SELECT c.id, c.publisher_id, c.user_id,
           (SELECT array_agg(DISTINCT o.user_id ORDER BY o.user_id) FROM (SELECT 1) one
                   ${linkedUsersJoin(Prisma.sql`c.publisher_id`, Prisma.sql`c.user_id`)}
             WHERE ${linkSeenBy(Prisma.sql`c.received_at`)}) AS linked
      FROM rm_conversions c
     WHERE c.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids.map(String))}::jsonb)::bigint) AND c.user_id IS NOT NULL`;
  return new Map(rows.map((r) => [r.id, { publisherId: r.publisher_id, users: [r.user_id, ...(r.linked ?? [])] }]));
}

/** The lock keys (personKey) of every user id of these people. */
export const lockKeysOf = (people: Map<bigint, { publisherId: number; users: string[] }>) =>
  [...people.values()].flatMap((p) => p.users.map((u) => personKey(p.publisherId, { u })!));

/**
 * Records that this user id was seen with these identifiers (first sighting at `at`, the
 * conversion's received_at), in the conversion's transaction. When that links it to other user ids,
 * their attributed conversions received since then (attributed before this one committed, without
 * the link) go back to pending, under their people's locks as attributeBatch takes them.
 */
export async function recordIdentities(tx: Tx, publisherId: number, userId: string, identifiers: string[], at: Date) {
  if (identifiers.length === 0) return;
  const linked = await tx.$queryRaw<{ user_id: string }[]>`
    WITH added AS (
      INSERT INTO rm_identities (publisher_id, identifier, user_id, first_seen_at)
      SELECT ${publisherId}::int, x, ${userId}::text, ${at}::timestamptz FROM jsonb_array_elements_text(${JSON.stringify(identifiers)}::jsonb) AS x ORDER BY x
      ON CONFLICT (publisher_id, identifier, user_id) DO NOTHING
      RETURNING publisher_id, identifier)
    SELECT DISTINCT o.user_id FROM added
      JOIN rm_identities o ON o.publisher_id = added.publisher_id AND o.identifier = added.identifier AND o.user_id <> ${userId}`;
  if (linked.length === 0) return;
  const users = [userId, ...linked.map((r) => r.user_id)];
  await lockPeople(tx, users.map((u) => personKey(publisherId, { u })!));
  await tx.$executeRaw`
    UPDATE rm_conversions SET attributed_at = NULL
     WHERE publisher_id = ${publisherId} AND user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(users)}::jsonb))
       AND attributed_at IS NOT NULL AND received_at >= ${at}`;
}
