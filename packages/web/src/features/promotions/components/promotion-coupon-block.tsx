import { ActionIcon, Card, CopyButton, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconTicket } from '@tabler/icons-react';
import { formatInt } from '../../../shared/ui/format';
import type { Promotion } from '../api';
import { t } from '../../../i18n';

/** A coupon's code, big and copyable, with its uses so far against the limit. */
export function PromotionCouponBlock({ promotion }: { promotion: Promotion }) {
  const uses = promotion.uses_count;
  const limit = promotion.limits.total;
  const code = promotion.code ?? '';
  const usage = limit ? t('promotions.coupon.usesOfLimit', { uses: formatInt(uses), limit: formatInt(limit) }) : t('promotions.coupon.uses', { uses: formatInt(uses) });

  return (
    <Card withBorder radius="md" padding="lg" bg="var(--mantine-color-grape-light)" data-testid="coupon-block">
      <Stack gap="sm">
        <Group gap="xs">
          <IconTicket size={18} />
          <Text fw={600}>{t('promotions.coupon.title')}</Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text ff="monospace" fz={32} fw={700} lh={1.1} style={{ letterSpacing: 2, wordBreak: 'break-all' }} data-testid="coupon-code">
            {code}
          </Text>
          <CopyButton value={code} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('promotions.coupon.copied') : t('promotions.coupon.copy')} withArrow>
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="lg" onClick={copy} aria-label={t('promotions.coupon.copy')}>
                  {copied ? <IconCheck size={20} /> : <IconCopy size={20} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{usage}</Text>
        {limit && <Progress value={Math.min(100, (uses / limit) * 100)} color="grape" size="sm" aria-label={usage} />}
      </Stack>
    </Card>
  );
}
