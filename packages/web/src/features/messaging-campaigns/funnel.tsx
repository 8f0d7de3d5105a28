import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatInt } from '../../shared/ui/format';
import type { MessagingCampaignDashboard } from './api';
import { formatPercent, share } from './status';
import { t } from '../../i18n';

type Funnel = MessagingCampaignDashboard['funnel'];

export interface FunnelStep {
  key: string;
  label: string;
  value: number;
  color: string;
  /** The step this one is a share of ("sent" for the first ones). */
  of: number;
}

/** Spec §2 funnel: sent → delivered → read → replied / opted out → orders within 7 days. */
export function funnelSteps(f: Funnel): FunnelStep[] {
  return [
    { key: 'sent', label: t('messagingCampaigns.counts.sent'), value: f.sent, color: 'blue.6', of: f.recipients },
    { key: 'delivered', label: t('messagingCampaigns.counts.delivered'), value: f.delivered, color: 'cyan.6', of: f.sent },
    { key: 'read', label: t('messagingCampaigns.counts.read'), value: f.read, color: 'teal.6', of: f.delivered },
    { key: 'replied', label: t('messagingCampaigns.counts.replied'), value: f.replied, color: 'green.6', of: f.read },
    { key: 'opted_out', label: t('messagingCampaigns.counts.opted_out'), value: f.opted_out, color: 'orange.6', of: f.read },
    { key: 'ordering', label: t('messagingCampaigns.funnel.ordering'), value: f.ordering_customers, color: 'grape.6', of: f.sent },
  ];
}

/** The funnel as bars scaled to what was sent, each with its share of the step before. */
export function FunnelBars({ funnel }: { funnel: Funnel }) {
  const steps = funnelSteps(funnel);
  const top = Math.max(funnel.sent, 1);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="campaign-funnel">
      <Stack gap="md">
        <Title order={5}>{t('messagingCampaigns.funnel.title')}</Title>
        <Stack gap="sm">
          {steps.map((step) => (
            <Stack key={step.key} gap={4} data-testid={`funnel-${step.key}`}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {step.label}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={700} data-testid={`funnel-${step.key}-value`}>
                    {formatInt(step.value)}
                  </Text>
                  <Text size="xs" c="dimmed" w={56} ta="right">
                    {formatPercent(share(step.value, step.of))}
                  </Text>
                </Group>
              </Group>
              <Box h={14} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 7, overflow: 'hidden' }}>
                <Box
                  h="100%"
                  w={`${Math.min(100, share(step.value, top) * 100)}%`}
                  bg={`var(--mantine-color-${step.color.replace('.', '-')})`}
                  style={{ borderRadius: 7, transition: 'width 300ms' }}
                />
              </Box>
            </Stack>
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          {t('messagingCampaigns.funnel.hint')}
        </Text>
      </Stack>
    </Card>
  );
}
