import { Badge, Stack, Text } from '@mantine/core';
import type { MessagingCampaignStatus, MessagingTemplateStatus } from '@backoffice/contracts';
import { CAMPAIGN_STATUS_COLORS, TEMPLATE_STATUS_COLORS } from './status';
import { t } from '../../i18n';

export function TemplateStatusBadge({ status }: { status: MessagingTemplateStatus }) {
  return (
    <Badge color={TEMPLATE_STATUS_COLORS[status]} variant="light" data-status={status} data-testid="template-status">
      {t(`messagingCampaigns.templateStatus.${status}`)}
    </Badge>
  );
}

/** The provider's decision, with its rejection text under a rejected badge (spec §5). */
export function TemplateApproval({ status, reason }: { status: MessagingTemplateStatus; reason: string | null }) {
  return (
    <Stack gap={4} align="flex-start">
      <TemplateStatusBadge status={status} />
      {status === 'rejected' && reason && (
        <Text size="xs" c="red.8" maw={320} data-testid="template-rejection">
          {reason}
        </Text>
      )}
    </Stack>
  );
}

export function CampaignStatusBadge({ status }: { status: MessagingCampaignStatus }) {
  return (
    <Badge color={CAMPAIGN_STATUS_COLORS[status]} variant="light" data-status={status} data-testid="campaign-status">
      {t(`messagingCampaigns.campaignStatus.${status}`)}
    </Badge>
  );
}
