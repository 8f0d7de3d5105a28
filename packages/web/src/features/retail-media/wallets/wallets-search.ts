import { z } from 'zod';
import { searchPage, searchText } from '../../../shared/ui/search-params';

/** Spec §9: wallet lists and movements come 50 a page. */
export const WALLETS_PAGE_SIZE = 50;

const page = searchPage();
const rmid = z.coerce.number().int().positive().optional().catch(undefined);

/** The wallet list's URL state: page and the name search; a mistyped link falls back to the defaults. */
export const WalletsSearch = z.object({
  page,
  name: searchText(),
});
export type WalletsSearch = z.output<typeof WalletsSearch>;
export const WALLETS_SEARCH_DEFAULTS = { page: 1 } as const;

/** A wallet page's URL state: `rmid` is the counterpart account (spec §2), kept between movements and recharge. */
export const WalletPageSearch = z.object({ page, rmid });
export type WalletPageSearch = z.output<typeof WalletPageSearch>;
export const WALLET_PAGE_SEARCH_DEFAULTS = { page: 1 } as const;

export const RechargeSearch = z.object({ rmid });
export type RechargeSearch = z.output<typeof RechargeSearch>;

/** A name search: blank drops out of the URL and the list starts again at page 1. */
export function applyWalletsName(name: string): WalletsSearch {
  const text = name.trim();
  return text ? { page: 1, name: text } : { page: 1 };
}
