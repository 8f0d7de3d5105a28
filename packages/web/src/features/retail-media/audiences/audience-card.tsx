import { Alert, Anchor, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconExternalLink, IconInfoCircle, IconPencil, IconPigMoney, IconTrash, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Field } from '../../../shared/components/field';
import type { Audience } from './api';
import { audienceCost, audienceReach } from './audience-format';
import { AudienceStatusBadge } from './audience-status-badge';
import type { AudienceAction } from './use-audience-actions';
import { t } from '../../../i18n';

const ACTION_LOOK: Record<AudienceAction, { icon: typeof IconCheck; color?: string; variant: string }> = {
  approve: { icon: IconCheck, color: 'teal', variant: 'filled' },
  reject: { icon: IconX, color: 'red', variant: 'light' },
  price: { icon: IconPigMoney, variant: 'light' },
  edit: { icon: IconPencil, variant: 'default' },
  delete: { icon: IconTrash, color: 'red', variant: 'subtle' },
};

/** The card's notice: publishers are asked to review; advertisers are told the publisher sets the price (spec §6). */
export function AudienceNotice({ audience }: { audience: Audience }) {
  if (audience.status === 'awaiting_approval' && audience.permissions.can_review)
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} title={t('rmAudiences.reviewAlert')} data-testid="audience-review-alert">
        {t('rmAudiences.reviewAlertText')}
      </Alert>
    );
  if (audience.status === 'awaiting_approval')
    return (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />} data-testid="audience-price-warning">
        {t('rmAudiences.advertiserWarning')}
      </Alert>
    );
  if (audience.status === 'rejected' && audience.note)
    return (
      <Alert color="red" variant="light" icon={<IconX size={16} />} title={t('rmAudiences.rejectedNote')}>
        {audience.note}
      </Alert>
    );
  return null;
}

/** The audience's buttons for the actions the user may take. */
export function AudienceActionButtons({ audience, actions, onAction, size = 'xs' }: { audience: Audience; actions: AudienceAction[]; onAction: (a: AudienceAction) => void; size?: 'xs' | 'sm' }) {
  if (actions.length === 0) return null;
  return (
    <Group gap="xs">
      {actions.map((action) => {
        const look = ACTION_LOOK[action];
        const Icon = look.icon;
        return (
          <Button
            key={action}
            size={size}
            color={look.color}
            variant={look.variant}
            leftSection={<Icon size={14} />}
            onClick={() => onAction(action)}
            aria-label={`${t(`rmAudiences.actions.${action}`)}: ${audience.name}`}
          >
            {t(`rmAudiences.actions.${action}`)}
          </Button>
        );
      })}
    </Group>
  );
}

/** Spec §2 audience card: name (opens the audience in a new tab), description, cost, potential reach and status. */
export function AudienceCard({ audience, actions, onAction, showPublisher }: { audience: Audience; actions: AudienceAction[]; onAction: (a: AudienceAction) => void; showPublisher: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="audience-card" data-status={audience.status} h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <AudienceStatusBadge status={audience.status} />
          {showPublisher && (
            <Text size="xs" c="dimmed" truncate maw="60%">
              {t('rmAudiences.onPublisher', { name: audience.publisher.name })}
            </Text>
          )}
        </Group>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/retail-media/audiences/view/$id" params={{ id: String(audience.id) }} target="_blank" rel="noopener" />}
          fw={600}
          c="inherit"
          lineClamp={2}
        >
          {audience.name} <IconExternalLink size={13} style={{ verticalAlign: 'middle', opacity: 0.6 }} />
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {audience.description ?? t('rmAudiences.noDescription')}
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <Field label={t('rmAudiences.cost')}>
            <Text size="sm" fw={600} data-testid="audience-cost">
              {audienceCost(audience)}
            </Text>
          </Field>
          <Field label={t('rmAudiences.reach')}>
            <Stack gap={4}>
              <Text size="sm" data-testid="audience-reach">
                {audienceReach(audience)}
              </Text>
              <Progress value={audience.reach_range} size="sm" aria-label={t('rmAudiences.reach')} />
            </Stack>
          </Field>
        </SimpleGrid>
        <AudienceNotice audience={audience} />
        <div style={{ marginTop: 'auto' }}>
          <AudienceActionButtons audience={audience} actions={actions} onAction={onAction} />
        </div>
      </Stack>
    </Card>
  );
}
