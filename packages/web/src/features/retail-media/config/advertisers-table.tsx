import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconPencil, IconEye } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatInt, formatMoney } from '../../../shared/ui/format';
import type { Advertiser } from './api';
import { PartnerLogo } from './partner-logo';
import { t } from '../../../i18n';

/** Spec §3 advertisers: name and logo, seller id, brands, balance, active campaigns and spent. */
export function AdvertisersTable({ advertisers, onEdit }: { advertisers: Advertiser[]; onEdit: (a: Advertiser) => void }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ md: 980 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rmConfig.advertisers.columns.name')}</Table.Th>
            <Table.Th visibleFrom="md">{t('rmConfig.advertisers.columns.sellerId')}</Table.Th>
            <Table.Th visibleFrom="md">{t('rmConfig.advertisers.columns.brands')}</Table.Th>
            <Table.Th ta="right">{t('rmConfig.advertisers.columns.balance')}</Table.Th>
            <Table.Th ta="right" visibleFrom="md">{t('rmConfig.advertisers.columns.activeCampaigns')}</Table.Th>
            <Table.Th ta="right" visibleFrom="md">{t('rmConfig.advertisers.columns.spent')}</Table.Th>
            <Table.Th ta="right">{t('rmConfig.advertisers.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {advertisers.map((a) => (
            <Table.Tr key={a.id} data-testid="advertiser-row">
              <Table.Td>
                <PartnerLogo name={a.name} logo={a.account_logo} theme={a.account_theme} caption={t(`rmConfig.link.types.${a.link.type}`)} />
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" c={a.seller_id ? undefined : 'dimmed'}>
                  {a.seller_id ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Group gap={4} maw={260}>
                  {a.advertiser_tags.length === 0 && (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                  {a.advertiser_tags.slice(0, 4).map((b) => (
                    <Badge key={b} variant="light" color="gray" size="sm" tt="none">
                      {b}
                    </Badge>
                  ))}
                  {a.advertiser_tags.length > 4 && (
                    <Badge variant="transparent" color="gray" size="sm">
                      +{a.advertiser_tags.length - 4}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(a.balance)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="md">
                {formatInt(a.metrics.campaigns_active)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(a.metrics.total_spent)}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {a.checking_account_id !== null && (
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconArrowsExchange size={14} />}
                      renderRoot={(props) => <Link {...props} to="/retail-media/wallet/$id/movimentations" params={{ id: String(a.checking_account_id) }} search={{ rmid: a.id }} />}
                      aria-label={t('rmConfig.advertisers.walletOf', { name: a.name })}
                    >
                      {t('rmConfig.advertisers.wallet')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={a.can_edit ? <IconPencil size={14} /> : <IconEye size={14} />}
                    onClick={() => onEdit(a)}
                    aria-label={`${a.can_edit ? t('rmConfig.advertisers.edit') : t('rmConfig.advertisers.view')}: ${a.name}`}
                  >
                    {a.can_edit ? t('rmConfig.advertisers.edit') : t('rmConfig.advertisers.view')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
