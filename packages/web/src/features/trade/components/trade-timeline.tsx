import { Card, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCircleDot } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/ui/format';
import type { TradeAgreementDetail } from '../api';
import { t } from '../../../i18n';

/** The agreement's history, oldest first: each step, by which side and person, with its note. */
export function TradeTimeline({ agreement: a }: { agreement: TradeAgreementDetail }) {
  const sideName = (side: 'brand' | 'retailer' | 'system') => (side === 'system' ? t('trade.timeline.system') : side === 'brand' ? a.brand.name : a.retailer.name);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4}>{t('trade.timeline.title')}</Title>
        <Timeline active={a.history.length - 1} bulletSize={20} lineWidth={2} data-testid="trade-timeline">
          {a.history.map((e, i) => (
            <Timeline.Item key={i} bullet={<IconCircleDot size={12} />} title={t(`trade.timeline.to.${e.to_status}`)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.created_at)} · {e.user_name ? `${e.user_name} (${sideName(e.side)})` : sideName(e.side)}
              </Text>
              {e.note && (
                <Text size="sm" mt={4}>
                  “{e.note}”
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Card>
  );
}
