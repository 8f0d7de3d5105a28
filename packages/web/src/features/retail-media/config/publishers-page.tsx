import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconBuildingBroadcastTower, IconCashPlus, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../shared/components/empty-state';
import { Field } from '../../../shared/components/field';
import { LoadError } from '../../../shared/components/load-error';
import { PageHeader } from '../../../shared/components/page-header';
import { PageLoader } from '../../../shared/components/page-loader';
import { formatMoney } from '../../../shared/ui/format';
import { isWriter, publishersQuery, useAccountId, useMemberRole, type Publisher } from './api';
import { PartnerLogo } from './partner-logo';
import { t } from '../../../i18n';

function PublisherCard({ publisher, writer }: { publisher: Publisher; writer: boolean }) {
  const { permissions, wallet } = publisher;
  const walletParams = wallet ? { id: String(wallet.id) } : null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="publisher-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <PartnerLogo name={publisher.name} logo={publisher.logo} theme={publisher.account_theme} caption={t(`rmConfig.link.types.${publisher.link.type}`)} size={44} />
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('rmConfig.publishers.balance')}
            </Text>
            <Text fw={700} fz="lg" data-testid="publisher-balance">
              {wallet ? formatMoney(wallet.balance) : '—'}
            </Text>
          </Stack>
        </Group>
        <Field label={t('rmConfig.publishers.strategies')}>
          <Group gap={4}>
            {permissions.strategies.map((s) => (
              <Badge key={s} variant={s === permissions.default_strategy ? 'filled' : 'light'} size="sm">
                {t(`rmConfig.link.strategies.${s}`)}
              </Badge>
            ))}
          </Group>
        </Field>
        <Field label={t('rmConfig.publishers.adTypes')}>
          <Group gap={4}>
            {permissions.ad_types.length === 0 && (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
            {permissions.ad_types.map((type) => (
              <Badge key={type} variant="light" color="gray" size="sm">
                {t(`rmConfig.adTypes.types.${type}`)}
              </Badge>
            ))}
          </Group>
        </Field>
        <Text size="xs" c="dimmed">
          {[
            permissions.enable_audience_campaign && t('rmConfig.publishers.audiences'),
            permissions.allow_total_budget_campaign && t('rmConfig.publishers.totalBudget'),
            permissions.allow_manage_subpublishers && t('rmConfig.publishers.subpublishers'),
          ]
            .filter(Boolean)
            .join(' · ') || t('rmConfig.publishers.noExtras')}
        </Text>
        <Group gap="xs">
          {permissions.can_create && (
            <Button size="xs" leftSection={<IconPlus size={14} />} renderRoot={(props) => <Link {...props} to="/retail-media/campaign/create" search={{ publisher_id: publisher.id }} />}>
              {t('rmConfig.publishers.createCampaign')}
            </Button>
          )}
          {walletParams && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowsExchange size={14} />}
              renderRoot={(props) => <Link {...props} to="/retail-media/wallet/$id/movimentations" params={walletParams} search={{ rmid: publisher.id }} />}
            >
              {t('rmConfig.publishers.movements')}
            </Button>
          )}
          {walletParams && writer && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCashPlus size={14} />}
              renderRoot={(props) => <Link {...props} to="/retail-media/wallet/$id/recharge" params={walletParams} search={{ rmid: publisher.id }} />}
            >
              {t('rmConfig.publishers.recharge')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Spec §2/§3 publishers (advertiser side): where the account advertises, its wallet there and what it may do. */
export function PublishersPage() {
  const list = useQuery(publishersQuery(useAccountId()));
  const writer = isWriter(useMemberRole());
  let body;
  if (list.isError) body = <LoadError inline testId="publishers-error" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!list.data) body = <PageLoader compact label={t('rmConfig.publishers.loading')} />;
  else if (list.data.length === 0)
    body = (
      <Card withBorder radius="md" padding={0}>
        <EmptyState icon={<IconBuildingBroadcastTower size={26} />} title={t('rmConfig.publishers.empty')} hint={t('rmConfig.publishers.emptyHint')} />
      </Card>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {list.data.map((p) => (
          <PublisherCard key={p.id} publisher={p} writer={writer} />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="lg">
      <PageHeader title={t('rmConfig.publishers.title')} description={t('rmConfig.publishers.subtitle')} />
      {body}
    </Stack>
  );
}
