import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconCashPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../shared/ui/format';
import type { Wallet } from './api';
import { counterpartId, formatWalletDate } from './wallet-format';
import { WalletParty } from './wallet-party';
import { t } from '../../../i18n';

interface Props {
  wallets: Wallet[];
  accountId: number;
  canRecharge: boolean;
}

/** Spec §2 wallet list rows: advertiser, publisher, balance, last change and the links with `rmid`. */
export function WalletsTable({ wallets, accountId, canRecharge }: Props) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ md: 760 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rmWallets.columns.advertiser')}</Table.Th>
            <Table.Th visibleFrom="md">{t('rmWallets.columns.publisher')}</Table.Th>
            <Table.Th ta="right">{t('rmWallets.columns.balance')}</Table.Th>
            <Table.Th ta="right">{t('rmWallets.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {wallets.map((wallet) => {
            const params = { id: String(wallet.id) };
            const search = { rmid: counterpartId(wallet, accountId) };
            return (
              <Table.Tr key={wallet.id} data-testid="wallet-row">
                <Table.Td>
                  <Stack gap={4}>
                    <WalletParty party={wallet.advertiser} />
                    <Text hiddenFrom="md" size="xs" c="dimmed">
                      {t('rmWallets.onPublisher', { name: wallet.publisher.name })}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <WalletParty party={wallet.publisher} size={28} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(wallet.balance)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title={t('rmWallets.columns.updatedAt')}>
                    {t('rmWallets.updatedAt', { date: formatWalletDate(wallet.updated_at) })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconArrowsExchange size={14} />}
                      renderRoot={(props) => <Link {...props} to="/retail-media/wallet/$id/movimentations" params={params} search={search} />}
                      aria-label={t('rmWallets.movementsOf', { name: wallet.advertiser.name, publisher: wallet.publisher.name })}
                    >
                      {t('rmWallets.movementsAction')}
                    </Button>
                    {canRecharge && (
                      <Button
                        size="xs"
                        leftSection={<IconCashPlus size={14} />}
                        renderRoot={(props) => <Link {...props} to="/retail-media/wallet/$id/recharge" params={params} search={search} />}
                        aria-label={t('rmWallets.rechargeOf', { name: wallet.advertiser.name, publisher: wallet.publisher.name })}
                      >
                        {t('rmWallets.rechargeAction')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
