import { Card, Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../shared/ui/format';
import type { Wallet } from './api';
import { formatWalletDate } from './wallet-format';
import { WalletParty } from './wallet-party';
import { t } from '../../../i18n';

/** A wallet page's header card: who it belongs to, on which publisher, and its balance now. */
export function WalletSummary({ wallet }: { wallet: Wallet }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="wallet-summary">
      <Group justify="space-between" align="center" gap="lg">
        <Group gap="xl" align="center">
          <WalletParty party={wallet.advertiser} caption={t('rmWallets.columns.advertiser')} size={44} />
          <WalletParty party={wallet.publisher} caption={t('rmWallets.columns.publisher')} size={44} />
        </Group>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('rmWallets.columns.balance')}
          </Text>
          <Text fz={26} fw={700} lh={1.2} data-testid="wallet-balance">
            {formatMoney(wallet.balance)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('rmWallets.updatedAt', { date: formatWalletDate(wallet.updated_at) })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
