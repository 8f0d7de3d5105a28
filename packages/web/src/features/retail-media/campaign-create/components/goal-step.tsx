import { Alert, Group, Radio, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconChartArrowsVertical, IconCoin, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_GOALS, RM_GOAL_LABELS, type CampaignGoalKey } from '@backoffice/contracts';
import type { ComponentType } from 'react';
import { formatMoney } from '../../../../shared/ui/format';
import { goalsQuery, useAccountId } from '../api';
import { t } from '../../../../i18n';

const ICONS: Record<CampaignGoalKey, ComponentType<{ size?: number }>> = {
  profitability: IconCoin,
  growth: IconChartArrowsVertical,
  reach: IconSpeakerphone,
};

interface Props {
  publisherId: number;
  value: CampaignGoalKey | null;
  onChange: (goal: CampaignGoalKey) => void;
  error?: string;
}

/** Step 1 "Objetivo": the three goals with the publisher's ad-cost range (spec §2/§4); a load failure is an error alert. */
export function GoalStep({ publisherId, value, onChange, error }: Props) {
  const goals = useQuery(goalsQuery(useAccountId(), publisherId));
  if (goals.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('rmCreate.goal.loadError')} role="alert">
        {goals.error.message}
      </Alert>
    );
  }
  if (goals.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {CAMPAIGN_GOALS.map((g) => (
          <Skeleton key={g} h={150} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const byName = new Map(goals.data.map((g) => [g.name, g]));
  return (
    <Stack gap="xs">
      <Radio.Group value={value} onChange={(v) => onChange(v as CampaignGoalKey)} label={t('rmCreate.goal.label')} description={t('rmCreate.goal.hint')} error={error}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
          {CAMPAIGN_GOALS.map((name) => {
            const goal = byName.get(name);
            const Icon = ICONS[name];
            return (
              <Radio.Card key={name} value={name} radius="md" p="md" withBorder data-testid={`goal-${name}`}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" size={36} radius="md">
                        <Icon size={20} />
                      </ThemeIcon>
                      <Text fw={600}>{RM_GOAL_LABELS[name]}</Text>
                    </Group>
                    <Radio.Indicator aria-label={RM_GOAL_LABELS[name]} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t(`rmCreate.goal.descriptions.${name}`)}
                  </Text>
                  {goal && (
                    <Text size="sm" fw={500}>
                      {t('rmCreate.goal.range', { min: formatMoney(goal.range.min), max: formatMoney(goal.range.max) })}
                    </Text>
                  )}
                </Stack>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}
