import { Button, Stack } from '@mantine/core';
import { IconCashPlus, IconListDetails } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyState } from '../../../shared/components/empty-state';
import { ListCard } from '../../../shared/components/list-card';
import { useClampPage } from '../../../shared/components/list-footer';
import { PageHeader } from '../../../shared/components/page-header';
import { PageLoader } from '../../../shared/components/page-loader';
import { formatInt } from '../../../shared/ui/format';
import { useAccountId, useCanRecharge, walletMovementsQuery, walletQuery, type Wallet } from './api';
import { BalanceChart } from './balance-chart';
import { MovementsTable } from './movements-table';
import { BackToWallets, WalletErrorBanner } from './wallet-load-states';
import { WalletSummary } from './wallet-summary';
import { counterpartId } from './wallet-format';
import type { WalletPageSearch } from './wallets-search';
import { t, tn } from '../../../i18n';

interface Props {
  wallet: Wallet;
  search: WalletPageSearch;
  onSearchChange: (update: (prev: WalletPageSearch) => WalletPageSearch) => void;
}

/** Spec §2 `/retail-media/wallet/{id}/movimentations`: the wallet, its balance line and its movements, 50 a page. */
export function MovementsPage({ wallet: loaded, search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canRecharge = useCanRecharge();
  // The loader put the wallet in the cache; a recharge updates it there.
  const wallet = useQuery({ ...walletQuery(accountId, loaded.id), initialData: loaded }).data;
  const movements = useQuery(walletMovementsQuery(accountId, wallet.id, search.page));
  const meta = movements.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, movements.isPlaceholderData, search.page, setPage);
  const rmid = search.rmid ?? counterpartId(wallet, accountId);

  let body;
  if (movements.isError)
    body = <WalletErrorBanner m="md" title={t('rmWallets.movements.loadFailed')} error={movements.error} retrying={movements.isFetching} onRetry={() => void movements.refetch()} />;
  else if (!movements.data) body = <PageLoader compact label={t('rmWallets.movements.loading')} />;
  else if (movements.data.data.length === 0) body = <EmptyState icon={<IconListDetails size={26} />} title={t('rmWallets.movements.empty')} hint={t('rmWallets.movements.emptyHint')} />;
  else body = <MovementsTable movements={movements.data.data} />;

  return (
    <Stack gap="lg">
      <PageHeader
        back={<BackToWallets />}
        title={t('rmWallets.movements.title')}
        description={t('rmWallets.movements.subtitle')}
        actions={
          canRecharge && (
            <Button
              leftSection={<IconCashPlus size={18} />}
              renderRoot={(props) => <Link {...props} to="/retail-media/wallet/$id/recharge" params={{ id: String(wallet.id) }} search={{ rmid }} />}
            >
              {t('rmWallets.rechargeAction')}
            </Button>
          )
        }
      />
      <WalletSummary wallet={wallet} />
      {movements.data && movements.data.data.length > 1 && <BalanceChart movements={movements.data.data} />}
      <ListCard
        failed={movements.isError}
        meta={meta}
        totalLabel={(total) => tn('rmWallets.movements.total', total, { total: formatInt(total) })}
        page={search.page}
        fetching={movements.isFetching}
        onPage={setPage}
      >
        {body}
      </ListCard>
    </Stack>
  );
}
