import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconBan, IconChartFunnel, IconCopy, IconDotsVertical, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { MessagingCampaignStatus } from '@backoffice/contracts';
import { campaignActionsFor, type CampaignAction } from './status';
import { t } from '../../i18n';

export const CAMPAIGN_ACTION_ICONS: Record<CampaignAction, ComponentType<{ size?: number }>> = {
  view: IconEye,
  dashboard: IconChartFunnel,
  edit: IconPencil,
  duplicate: IconCopy,
  cancel: IconBan,
  delete: IconTrash,
};

const WRITES: CampaignAction[] = ['edit', 'duplicate', 'cancel', 'delete'];

interface Props {
  campaign: { name: string; status: MessagingCampaignStatus };
  onAction: (action: CampaignAction) => void;
  /** Only readers: view and the funnel, no changes. */
  readOnly?: boolean;
}

/** View and edit at hand; the funnel, duplicate, cancel and delete (as the status allows) in a menu. */
export function CampaignRowActions({ campaign, onAction, readOnly = false }: Props) {
  const actions = campaignActionsFor(campaign.status).filter((a) => !readOnly || !WRITES.includes(a));
  const inline = actions.filter((a) => a === 'view' || a === 'edit');
  const menu = actions.filter((a) => a !== 'view' && a !== 'edit');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {inline.map((action) => {
        const Icon = CAMPAIGN_ACTION_ICONS[action];
        return (
          <Tooltip key={action} label={t(`messagingCampaigns.campaigns.actions.${action}`)}>
            <ActionIcon variant="subtle" color="gray" onClick={() => onAction(action)} aria-label={`${t(`messagingCampaigns.campaigns.actions.${action}`)}: ${campaign.name}`}>
              <Icon size={18} />
            </ActionIcon>
          </Tooltip>
        );
      })}
      {menu.length > 0 && (
        <Menu position="bottom-end" withinPortal shadow="md" width={210}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`${t('messagingCampaigns.campaigns.actions.more')}: ${campaign.name}`}>
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((action) => {
              const Icon = CAMPAIGN_ACTION_ICONS[action];
              return (
                <Menu.Item key={action} color={action === 'cancel' || action === 'delete' ? 'red' : undefined} leftSection={<Icon size={16} />} onClick={() => onAction(action)}>
                  {t(`messagingCampaigns.campaigns.actions.${action}`)}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
