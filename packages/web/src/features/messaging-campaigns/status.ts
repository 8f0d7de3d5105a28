import type { MessagingCampaignStatus, MessagingTemplateStatus } from '@backoffice/contracts';

export const TEMPLATE_STATUS_COLORS: Record<MessagingTemplateStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

export const CAMPAIGN_STATUS_COLORS: Record<MessagingCampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'blue',
  sending: 'violet',
  sent: 'green',
  canceled: 'red',
};

export type CampaignAction = 'view' | 'dashboard' | 'edit' | 'duplicate' | 'cancel' | 'delete';

/**
 * What a campaign's status allows (the contract's rules): edits only before sending starts, cancel
 * while it may still send, delete unless it is sending; seeing, the funnel and duplicating always.
 */
export function campaignActionsFor(status: MessagingCampaignStatus): CampaignAction[] {
  const actions: CampaignAction[] = ['view', 'dashboard'];
  if (status === 'draft' || status === 'scheduled') actions.push('edit');
  actions.push('duplicate');
  if (status === 'draft' || status === 'scheduled' || status === 'sending') actions.push('cancel');
  if (status !== 'sending') actions.push('delete');
  return actions;
}

/** Whether the customers' messages are still going out (the page refreshes its counts meanwhile). */
export const isSending = (status: MessagingCampaignStatus) => status === 'sending';

/** A share of a total as a percentage (0 when the total is 0). */
export const share = (part: number, total: number) => (total > 0 ? part / total : 0);

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
export const formatPercent = (value: number) => percent.format(value);
