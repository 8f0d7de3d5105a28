import { createFileRoute } from '@tanstack/react-router';
import { loadWallet } from '../../../../../features/retail-media/wallets/api';
import { RechargePage } from '../../../../../features/retail-media/wallets/recharge-page';
import { WalletLoading, WalletNotFound, WalletRouteError } from '../../../../../features/retail-media/wallets/wallet-load-states';
import { RechargeSearch } from '../../../../../features/retail-media/wallets/wallets-search';

export const Route = createFileRoute('/_private/retail-media/wallet/$id/recharge')({
  validateSearch: RechargeSearch,
  loader: ({ context, params }) => loadWallet(context.queryClient, context.session.account.id, params.id),
  pendingComponent: WalletLoading,
  notFoundComponent: WalletNotFound,
  errorComponent: WalletRouteError,
  component: function Recharge() {
    const wallet = Route.useLoaderData();
    const { rmid } = Route.useSearch();
    return <RechargePage wallet={wallet} rmid={rmid} />;
  },
});
