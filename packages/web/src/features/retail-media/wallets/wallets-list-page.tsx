import { Group, Stack } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyState } from '../../../shared/components/empty-state';
import { ListCard } from '../../../shared/components/list-card';
import { useClampPage } from '../../../shared/components/list-footer';
import { PageHeader } from '../../../shared/components/page-header';
import { PageLoader } from '../../../shared/components/page-loader';
import { SearchInput } from '../../../shared/components/search-input';
import { formatInt } from '../../../shared/ui/format';
import { useAccountId, useCanRecharge, walletsListQuery } from './api';
import { WalletErrorBanner } from './wallet-load-states';
import { WalletsTable } from './wallets-table';
import { applyWalletsName, type WalletsSearch } from './wallets-search';
import { t, tn } from '../../../i18n';

interface Props {
  search: WalletsSearch;
  onSearchChange: (update: (prev: WalletsSearch) => WalletsSearch) => void;
}

/** Spec §2/§3 wallets: 50 a page, by name (the API sorts), searchable by name. */
export function WalletsListPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const canRecharge = useCanRecharge();
  const list = useQuery(walletsListQuery(accountId, search));
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  let body;
  if (list.isError) body = <WalletErrorBanner m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoader compact label={t('rmWallets.loadingList')} />;
  else if (list.data.data.length === 0)
    body = <EmptyState icon={<IconWallet size={26} />} title={t('rmWallets.empty')} hint={search.name ? t('rmWallets.emptySearchHint') : t('rmWallets.emptyHint')} />;
  else body = <WalletsTable wallets={list.data.data} accountId={accountId} canRecharge={canRecharge} />;

  return (
    <Stack gap="lg">
      <PageHeader title={t('rmWallets.title')} description={t('rmWallets.subtitle')} />
      <Group align="flex-end" gap="sm">
        <SearchInput label={t('rmWallets.search')} placeholder={t('rmWallets.searchPlaceholder')} type="search" value={search.name} onChange={(name) => onSearchChange(() => applyWalletsName(name))} />
      </Group>
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('rmWallets.total', total, { total: formatInt(total) })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
    </Stack>
  );
}
