import type { z } from 'zod';
import type { AccountInfo, AccountSummary } from '@backoffice/contracts';

export const accountSummarySelect = {
  id: true,
  name: true,
  type: true,
  whiteLabelVariant: true,
  retailMediaRole: true,
  isNetwork: true,
  currencyCents: true,
} as const;

export const accountInfoSelect = {
  ...accountSummarySelect,
  logoUrl: true,
  headerColor: true,
  host: true,
  checkoutLink: true,
  sellerId: true,
} as const;

type SummaryRow = {
  id: number;
  name: string;
  type: 'grocery' | 'industry' | 'white_label';
  whiteLabelVariant: 'retail_media' | 'grocery' | null;
  retailMediaRole: 'none' | 'publisher' | 'advertiser' | 'both';
  isNetwork: boolean;
  currencyCents: boolean;
};

type InfoRow = SummaryRow & {
  logoUrl: string | null;
  headerColor: string | null;
  host: string | null;
  checkoutLink: string | null;
  sellerId: string | null;
};

export const toAccountSummary = (a: SummaryRow): z.input<typeof AccountSummary> => ({
  id: a.id,
  name: a.name,
  type: a.type,
  white_label_variant: a.whiteLabelVariant,
  retail_media_role: a.retailMediaRole,
  is_network: a.isNetwork,
  currency_cents: a.currencyCents,
});

export const toAccountInfo = (a: InfoRow, role: 'admin' | 'manager' | 'operator', current: boolean): z.input<typeof AccountInfo> => ({
  ...toAccountSummary(a),
  logo: a.logoUrl,
  header_color: a.headerColor,
  host: a.host,
  checkout_link: a.checkoutLink,
  seller_id: a.sellerId,
  role,
  current,
});
