import type { WalletTransactionType } from '@backoffice/contracts';
import { formatMoney } from '../../../shared/ui/format';
import { SAO_PAULO_TZ } from '../../../shared/ui/sao-paulo-time';
import { t } from '../../../i18n';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SAO_PAULO_TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const shortDateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO_TZ, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "23/11/2026 14:05" in São Paulo time. */
export const formatWalletDate = (iso: string) => dateTime.format(new Date(iso)).replace(',', '');
/** "23/11 14:05" for the chart's axis. */
export const formatChartDate = (iso: string) => shortDateTime.format(new Date(iso)).replace(',', '');

/** A movement's value with its sign: "+R$ 100,00" for credits, "−R$ 0,40" for debits. */
export function formatSignedAmount(amount: number, type: WalletTransactionType): string {
  const sign = type === 'credit' ? '+' : '−';
  return `${sign}${formatMoney(Math.abs(amount))}`;
}

const SUBTYPES = ['recharge', 'cpc', 'cpm'] as const;

/** "Crédito · Recarga", "Débito · Cliques (CPC)"; an unknown subtype is shown as it came. */
export function movementTypeLabel(type: WalletTransactionType, subtype: string): string {
  const kind = t(`rmWallets.movements.types.${type}`);
  const sub = (SUBTYPES as readonly string[]).includes(subtype) ? t(`rmWallets.movements.subtypes.${subtype}`) : subtype;
  return sub ? `${kind} · ${sub}` : kind;
}

/** Spec §2: the user as "name {email}"; "Sistema" for movements no person made (ad serving). */
export function movementUserLabel(name: string | null, email: string | null): string {
  if (!name && !email) return t('rmWallets.movements.system');
  if (!email) return name ?? '';
  if (!name) return `{${email}}`;
  return t('rmWallets.movements.user', { name, email });
}

/** The other side of a wallet from the current account: the publisher for its advertiser, else the advertiser. */
export function counterpartId(wallet: { advertiser: { id: number }; publisher: { id: number } }, accountId: number): number {
  return wallet.advertiser.id === accountId ? wallet.publisher.id : wallet.advertiser.id;
}
