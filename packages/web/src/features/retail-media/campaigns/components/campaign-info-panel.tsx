import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Field } from '../../../../shared/components/field';
import type { CampaignDetail } from '../api';
import { describePeriod, formatMoney, goalLabel, strategyLabel, targetingLabel } from '../describe';
import { CampaignEditForm } from './campaign-edit-form';
import { t } from '../../../../i18n';

const dash = () => t('rmCampaigns.none');

function Chips({ items }: { items: string[] }) {
  if (items.length === 0) return <Text size="sm">{dash()}</Text>;
  return (
    <Group gap={6}>
      {items.map((item) => (
        <Badge key={item} variant="default" radius="sm" tt="none">
          {item}
        </Badge>
      ))}
    </Group>
  );
}

const money = (value: number | null) => (value === null ? dash() : formatMoney(value));

function InfoGrid({ c }: { c: CampaignDetail }) {
  const s = c.settings;
  const fields: Array<[string, ReactNode]> = [
    [t('rmCampaigns.info.strategy'), strategyLabel(c.strategy_type)],
    [t('rmCampaigns.info.goal'), c.goal ? goalLabel(c.goal) : dash()],
    [t('rmCampaigns.info.targeting'), targetingLabel(c.targeting)],
    [t('rmCampaigns.info.period'), describePeriod(c)],
    [t('rmCampaigns.info.dailyBudget'), formatMoney(s.daily_budget)],
    [t('rmCampaigns.info.totalBudget'), money(s.total_budget)],
    [t('rmCampaigns.info.cpm'), money(s.cpm)],
    [t('rmCampaigns.info.cpc'), money(s.cpc)],
    [t('rmCampaigns.info.budgetType'), t(`rmCampaigns.budgetTypes.${s.budget_type}`)],
    [t('rmCampaigns.info.tags'), <Chips key="tags" items={c.tags.map((tag) => tag.name)} />],
    [t('rmCampaigns.info.audiences'), <Chips key="audiences" items={c.audiences.map((a) => a.name)} />],
    [t('rmCampaigns.info.subpublishers'), <Chips key="subs" items={c.subpublishers.map((p) => p.name)} />],
    [t('rmCampaigns.info.createdBy'), c.created_by ? t('rmCampaigns.info.person', { name: c.created_by.name, email: c.created_by.email }) : dash()],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
      {fields.map(([label, value]) => (
        <Field key={label} label={label}>
          {value}
        </Field>
      ))}
    </SimpleGrid>
  );
}

/**
 * "Informações gerais" (spec §2): what the campaign is, and an edit mode for name, daily budget
 * and end date, offered only when the API says this user may edit this campaign.
 */
export function CampaignInfoPanel({ campaign }: { campaign: CampaignDetail }) {
  const [editing, setEditing] = useState(false);
  const canEdit = campaign.permissions.can_edit;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="campaign-info-title" data-testid="campaign-info">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={4} id="campaign-info-title">
            {t('rmCampaigns.info.title')}
          </Title>
          {canEdit && !editing && (
            <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              {t('rmCampaigns.edit.open')}
            </Button>
          )}
        </Group>
        {canEdit && editing ? <CampaignEditForm campaign={campaign} onDone={() => setEditing(false)} /> : <InfoGrid c={campaign} />}
        {campaign.description && !editing && <Field label={t('rmCampaigns.info.description')}>{campaign.description}</Field>}
      </Stack>
    </Card>
  );
}
