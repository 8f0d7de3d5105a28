import { Card, Group, Loader, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBarOff, IconPlugConnected } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CHAT_CHANNELS, type ChatChannel } from '@backoffice/contracts';
import { CenteredCard } from '../../shared/components/centered-card';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { StoreFilter } from '../../shared/components/store-filter';
import { channelLabel } from './chat-labels';
import { t } from '../../i18n';

/** Nothing happened in the period. */
export function EmptyPeriod({ title, hint }: { title: string; hint: string }) {
  return (
    <CenteredCard testId="chat-dashboard-empty">
      <ThemeIcon variant="light" color="gray" size={48} radius="xl">
        <IconChartBarOff size={26} />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" maw={460}>
        {hint}
      </Text>
    </CenteredCard>
  );
}

/** A titled card around a chart or a table. */
export function Panel({ title, hint, testId, children, padded = true }: { title: string; hint?: string; testId: string; children: ReactNode; padded?: boolean }) {
  return (
    <Card withBorder radius="md" padding={padded ? 'lg' : 0} data-testid={testId}>
      <Stack gap={padded ? 'md' : 0}>
        <Stack gap={2} px={padded ? 0 : 'lg'} pt={padded ? 0 : 'md'} pb={padded ? 0 : 'xs'}>
          <Title order={5}>{title}</Title>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

export function ChannelFilter({ value, onChange }: { value: ChatChannel | undefined; onChange: (c: ChatChannel | undefined) => void }) {
  return (
    <Select
      label={t('chats.dashboard.channelFilter')}
      placeholder={t('chats.dashboard.allChannels')}
      data={CHAT_CHANNELS.map((c) => ({ value: c, label: channelLabel(c) }))}
      value={value ?? null}
      onChange={(v) => onChange((v as ChatChannel | null) ?? undefined)}
      leftSection={<IconPlugConnected size={16} />}
      clearable
      w={{ base: '100%', xs: 200 }}
      data-testid="chat-dashboard-channel"
    />
  );
}

/** A chats dashboard: its filters in the header; loading, error, then the numbers (dimmed while another period loads). */
export function DashboardFrame<T>({
  title,
  subtitle,
  filters,
  query,
  children,
}: {
  title: string;
  subtitle: string;
  filters: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  let body: ReactNode;
  if (query.isError)
    body = (
      <LoadError inline testId="chat-dashboard-error" format={(message) => t('chats.dashboard.loadError', { message })} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  else if (data === undefined)
    body = (
      <CenteredCard testId="chat-dashboard-loading">
        <Loader />
        <Text c="dimmed">{t('chats.dashboard.loading')}</Text>
      </CenteredCard>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isFetching} data-testid="chat-dashboard">
        {children(data)}
      </Stack>
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description={subtitle}
        actions={
          <Group gap="sm" align="flex-end" wrap="wrap">
            {query.isFetching && data !== undefined && <Loader size="xs" aria-label={t('common.loading')} />}
            {filters}
          </Group>
        }
      />
      {body}
    </Stack>
  );
}

export { StoreFilter };
