import { Card, Group, Loader, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MessagingCampaignStatus } from '@backoffice/contracts';
import { formatInt } from '../../shared/ui/format';
import type { MessagingCounts } from './api';
import { formatPercent, share } from './status';
import { t } from '../../i18n';

const COUNTS: Array<{ key: keyof MessagingCounts; color: string }> = [
  { key: 'recipients', color: 'gray' },
  { key: 'sent', color: 'blue' },
  { key: 'delivered', color: 'cyan' },
  { key: 'read', color: 'teal' },
  { key: 'replied', color: 'green' },
  { key: 'opted_out', color: 'orange' },
  { key: 'failed', color: 'red' },
  { key: 'pending', color: 'gray' },
];

/** Sent of all recipients as it sends (refreshed meanwhile), and where the messages are. */
export function DispatchProgress({ counts, status }: { counts: MessagingCounts; status: MessagingCampaignStatus }) {
  const handled = counts.sent + counts.failed;
  const sending = status === 'sending';
  return (
    <Card withBorder radius="md" padding="lg" data-testid="dispatch-progress">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={5}>{t('messagingCampaigns.view.progress')}</Title>
          {sending && (
            <Group gap={6}>
              <Loader size={14} color="violet" />
              <Text size="sm" c="violet">
                {t('messagingCampaigns.view.sendingNow')}
              </Text>
            </Group>
          )}
        </Group>
        {counts.recipients === 0 ? (
          <Text size="sm" c="dimmed" data-testid="dispatch-not-started">
            {status === 'draft' || status === 'scheduled' ? t('messagingCampaigns.view.notStarted') : t('messagingCampaigns.view.noRecipients')}
          </Text>
        ) : (
          <>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600} data-testid="dispatch-sent-of">
                  {t('messagingCampaigns.campaigns.sentOf', { sent: formatInt(counts.sent), total: formatInt(counts.recipients) })}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatPercent(share(handled, counts.recipients))}
                </Text>
              </Group>
              <Progress.Root size="lg" radius="xl" aria-label={t('messagingCampaigns.view.progress')}>
                <Progress.Section value={share(counts.sent, counts.recipients) * 100} color="blue" animated={sending} />
                <Progress.Section value={share(counts.failed, counts.recipients) * 100} color="red" />
              </Progress.Root>
            </Stack>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
              {COUNTS.map(({ key, color }) => (
                <Stack key={key} gap={0} data-testid={`count-${key}`}>
                  <Text size="xs" c="dimmed">
                    {t(`messagingCampaigns.counts.${key}`)}
                  </Text>
                  <Text fw={700} fz="lg" c={key === 'failed' && counts.failed > 0 ? color : undefined}>
                    {formatInt(counts[key])}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Card>
  );
}
