import { Card, Code, Group, Skeleton, Stack, Text, Timeline, Title, useMantineTheme } from '@mantine/core';
import { IconAd, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { campaignAuditQuery, useAccountId } from '../api';
import { auditChange, auditColor, auditNote, auditPayload, auditTitle, groupAuditByDay } from '../audit';
import { formatDate } from '../describe';
import { CampaignLoadError } from './campaign-load-states';
import { t } from '../../../../i18n';

/**
 * "Histórico de alterações" (spec §2): changes grouped by São Paulo day, each with its time, title
 * and details; ad changes in the primary colour, the rest in green. The creation payload shows
 * only in debug (`?debug=1`).
 */
export function CampaignAudit({ campaignId, debug }: { campaignId: number; debug: boolean }) {
  const primary = useMantineTheme().primaryColor;
  const audit = useQuery(campaignAuditQuery(useAccountId(), campaignId, debug));

  let body;
  if (audit.isError) body = <CampaignLoadError error={audit.error} onRetry={() => void audit.refetch()} retrying={audit.isFetching} />;
  else if (!audit.data) body = <Skeleton height={160} radius="md" />;
  else if (audit.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('rmCampaigns.audit.empty')}
      </Text>
    );
  else
    body = (
      <Stack gap="lg">
        {groupAuditByDay(audit.data).map((day) => (
          <Stack key={day.date} gap="sm" data-testid="audit-day" data-date={day.date}>
            <Text fw={600} size="sm" c="dimmed" tt="uppercase">
              {formatDate(day.date)}
            </Text>
            <Timeline bulletSize={24} lineWidth={2} active={day.entries.length}>
              {day.entries.map((entry) => {
                const color = auditColor(entry, primary);
                const Icon = entry.entity === 'ad' ? IconAd : IconSpeakerphone;
                const change = auditChange(entry);
                const note = auditNote(entry);
                const payload = debug ? auditPayload(entry) : null;
                return (
                  <Timeline.Item
                    key={entry.id}
                    color={color}
                    bullet={<Icon size={14} />}
                    title={
                      <Group gap="xs" wrap="nowrap" align="baseline">
                        <Text size="xs" c="dimmed" ff="monospace">
                          {entry.hour}
                        </Text>
                        <Text size="sm" fw={600}>
                          {auditTitle(entry)}
                        </Text>
                      </Group>
                    }
                    data-testid="audit-entry"
                    data-entity={entry.entity}
                    data-color={color}
                  >
                    <Stack gap={2}>
                      {change && (
                        <Text size="sm" data-testid="audit-change">
                          {change}
                        </Text>
                      )}
                      {note && <Text size="sm">{t('rmCampaigns.audit.note', { note })}</Text>}
                      {entry.entity === 'ad' && (
                        <Text size="xs" c="dimmed">
                          {t('rmCampaigns.audit.adRef', { id: entry.entity_id })}
                        </Text>
                      )}
                      {entry.user_name && (
                        <Text size="xs" c="dimmed">
                          {t('rmCampaigns.audit.by', { name: entry.user_name })}
                        </Text>
                      )}
                      {payload && (
                        <Code block mt={4} data-testid="audit-payload">
                          {payload}
                        </Code>
                      )}
                    </Stack>
                  </Timeline.Item>
                );
              })}
            </Timeline>
          </Stack>
        ))}
      </Stack>
    );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="campaign-audit-title" data-testid="campaign-audit">
      <Stack gap="md">
        <Title order={4} id="campaign-audit-title">
          {t('rmCampaigns.audit.title')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
