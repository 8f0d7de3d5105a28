import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { AreaChart } from '@mantine/charts';
import { IconAd2, IconCash, IconSpeakerphone, IconUsersGroup } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { SAMPLE_CARDS, SAMPLE_INCOME } from './sample-data';
import { formatCompactMoney, formatInt, formatMoney } from '../../shared/ui/format';
import { t } from '../../i18n';

function StatCard({ label, value, icon: Icon, color }: { label: string; value: string; icon: ComponentType<{ size?: number }>; color: string }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz={26} lh={1.1}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={42} radius="md">
          <Icon size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Home: the spec's sample cards and income chart, marked as sample data. */
export function HomeDashboard() {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('home.title')}</Title>
        <Badge variant="light" color="gray">
          {t('home.sample')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, xl: 4 }}>
        <StatCard label={t('home.activeAdvertisers')} value={formatInt(SAMPLE_CARDS.activeAdvertisers)} icon={IconUsersGroup} color="blue" />
        <StatCard label={t('home.activeCampaigns')} value={formatInt(SAMPLE_CARDS.activeCampaigns)} icon={IconSpeakerphone} color="violet" />
        <StatCard label={t('home.adsIncome')} value={formatMoney(SAMPLE_CARDS.adsIncome)} icon={IconAd2} color="teal" />
        <StatCard label={t('home.salesIncome')} value={formatMoney(SAMPLE_CARDS.salesIncome)} icon={IconCash} color="orange" />
      </SimpleGrid>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Title order={4}>{t('home.incomeChart')}</Title>
          <AreaChart
            h={320}
            data={SAMPLE_INCOME}
            dataKey="month"
            withLegend
            valueFormatter={formatCompactMoney}
            series={[
              { name: 'sales', label: t('home.salesIncome'), color: 'orange.6' },
              { name: 'ads', label: t('home.adsIncome'), color: 'teal.6' },
            ]}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
