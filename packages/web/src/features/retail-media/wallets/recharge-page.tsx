import { Alert, Card, Grid, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { BackLink } from '../../../shared/components/back-link';
import { PageHeader } from '../../../shared/components/page-header';
import { notifySuccess } from '../../../shared/ui/notify';
import { useAccountId, useCanRecharge, useRechargeWallet, walletQuery, type Wallet } from './api';
import { RechargeForm } from './recharge-form';
import { WalletSummary } from './wallet-summary';
import { counterpartId } from './wallet-format';
import { t } from '../../../i18n';

/** Spec §2 `/retail-media/wallet/{id}/recharge`: credit the wallet, then see the new movement. */
export function RechargePage({ wallet: loaded, rmid: given }: { wallet: Wallet; rmid: number | undefined }) {
  const accountId = useAccountId();
  const wallet = useQuery({ ...walletQuery(accountId, loaded.id), initialData: loaded }).data;
  const recharge = useRechargeWallet(wallet.id);
  const canRecharge = useCanRecharge();
  const navigate = useNavigate();
  const rmid = given ?? counterpartId(wallet, accountId);
  const toMovements = () => navigate({ to: '/retail-media/wallet/$id/movimentations', params: { id: String(wallet.id) }, search: { rmid } });

  return (
    <Stack gap="lg">
      <PageHeader
        back={<BackLink to="/retail-media/wallets" label={t('rmWallets.back')} />}
        title={t('rmWallets.recharge.title')}
        description={t('rmWallets.recharge.subtitle')}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder radius="md" padding="lg">
            {canRecharge ? (
              <RechargeForm
                balance={wallet.balance}
                onCancel={() => void toMovements()}
                onSubmit={async (body, key) => {
                  await recharge.mutateAsync({ body, key });
                  notifySuccess(t('rmWallets.recharge.success'));
                  await toMovements();
                }}
              />
            ) : (
              <Alert color="gray" variant="light" icon={<IconLock size={16} />}>
                {t('rmWallets.recharge.forbidden')}
              </Alert>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <WalletSummary wallet={wallet} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
