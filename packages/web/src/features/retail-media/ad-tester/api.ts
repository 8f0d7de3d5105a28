import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import type { AccountSummary } from '../../../shared/session/session';
import type { RmaBody } from './tester-rules';

export type RmaResponse = components['schemas']['RmaResponse'];
export type RmaAd = components['schemas']['RmaAd'];
export type AdSize = components['schemas']['AdSize'];
export interface PublisherOption {
  value: string;
  label: string;
}

/** Keys per account, so another account's publishers never show after switching. */
export const testerKeys = {
  all: (accountId: number) => ['account', accountId, 'rm-tester'] as const,
  publishers: (accountId: number) => [...testerKeys.all(accountId), 'publishers'] as const,
  adSizes: (accountId: number, publisherId: string) => [...testerKeys.all(accountId), 'ad-sizes', publisherId] as const,
  adApi: (accountId: number) => [...testerKeys.all(accountId), 'ad-api'] as const,
};

// A network lists up to this many sub-publishers in the select (the API's page limit).
const SUBPUBLISHERS_LIMIT = 500;

/** The publishers the account may test: itself (when a publisher) and, for a network, its sub-publishers. */
export const testerPublishersQuery = (account: AccountSummary) =>
  queryOptions({
    queryKey: testerKeys.publishers(account.id),
    queryFn: async (): Promise<PublisherOption[]> => {
      const own = account.is_network || account.retail_media_role === 'publisher' || account.retail_media_role === 'both';
      const options = own ? [{ value: String(account.id), label: account.name }] : [];
      if (!account.is_network) return options;
      const subs = await unwrap(api.GET('/subpublishers', { params: { query: { page: 1, quantity: SUBPUBLISHERS_LIMIT } } }));
      return [...options, ...subs.data.map((s) => ({ value: String(s.id), label: s.name }))];
    },
    meta: { silent: true },
  });

/** The chosen publisher's banner sizes. */
export const testerAdSizesQuery = (accountId: number, publisherId: string) =>
  queryOptions({
    queryKey: testerKeys.adSizes(accountId, publisherId),
    queryFn: () => unwrap(api.GET('/ad-sizes', { params: { query: { publisher_id: Number(publisherId) } } })),
    enabled: Boolean(publisherId),
    meta: { silent: true },
  });

/** The signed-in publisher's own ad API settings: whether its ad queries need a key. */
export const testerAdApiQuery = (accountId: number) =>
  queryOptions({
    queryKey: testerKeys.adApi(accountId),
    queryFn: () => unwrap(api.GET('/configuration/ad-api')),
    meta: { silent: true },
  });

/** The ads of each placement: the answer's keys other than the request's ids, in the order they came. */
export function placementsOf(response: RmaResponse): Array<[string, RmaAd[]]> {
  return Object.entries(response).filter((entry): entry is [string, RmaAd[]] => Array.isArray(entry[1]));
}

/** POST /v1/rma/:publisherId with the session (the page shows 400/422s at the fields, other failures in the results). */
export function useDecideAds() {
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ publisherId, body }: { publisherId: string; body: RmaBody }) =>
      unwrap(api.POST('/v1/rma/{publisherId}', { params: { path: { publisherId: Number(publisherId) } }, body: body as components['schemas']['RmaRequestInput'] })),
  });
}
