import { Alert, Anchor, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAccountId, type MessagingCampaign, type MessagingTemplate } from './api';
import { approvedTemplatesQuery } from './templates-api';
import { t } from '../../i18n';

export type PickedTemplate = Pick<MessagingTemplate, 'id' | 'name' | 'status' | 'message' | 'buttons'> & Partial<Pick<MessagingTemplate, 'media_url' | 'media_type' | 'media_name'>>;

interface Props {
  value: number | null;
  onChange: (id: number | null) => void;
  /** The campaign's own template when editing or duplicating (it may no longer be approved). */
  current?: MessagingCampaign['template'];
  error?: ReactNode;
}

/** The approved templates (only those can be sent); the campaign's own one is kept even if no longer approved. */
export function useTemplateChoices(current?: MessagingCampaign['template']) {
  const approved = useQuery(approvedTemplatesQuery(useAccountId()));
  const list: PickedTemplate[] = [...(approved.data ?? [])];
  if (current && !list.some((tpl) => tpl.id === current.id)) list.unshift(current);
  return { list, query: approved };
}

export function TemplatePicker({ value, onChange, current, error }: Props) {
  const { list, query } = useTemplateChoices(current);
  const data = list.map((tpl) => ({
    value: String(tpl.id),
    label: tpl.status === 'approved' ? tpl.name : `${tpl.name} (${t(`messagingCampaigns.templateStatus.${tpl.status}`)})`,
  }));
  const picked = list.find((tpl) => tpl.id === value);
  return (
    <Stack gap="xs">
      <Select
        label={t('messagingCampaigns.form.template')}
        description={t('messagingCampaigns.form.templateHint')}
        placeholder={query.isPending ? t('common.loading') : t('messagingCampaigns.form.templatePlaceholder')}
        withAsterisk
        searchable
        data={data}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(v ? Number(v) : null)}
        nothingFoundMessage={t('messagingCampaigns.form.noApprovedTemplates')}
        error={error}
        data-testid="campaign-template"
      />
      {query.isSuccess && query.data.length === 0 && !current && (
        <Text size="sm" c="dimmed">
          {t('messagingCampaigns.form.noApprovedHint')}{' '}
          <Anchor component={Link} to="/messaging-campaigns/templates/create" size="sm">
            {t('messagingCampaigns.templates.create')}
          </Anchor>
        </Text>
      )}
      {picked && picked.status !== 'approved' && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
          <Text size="sm">{t('messagingCampaigns.form.templateNotApproved')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
