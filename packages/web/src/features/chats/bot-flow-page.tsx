import { Card, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { useAccountId } from './api';
import { botFlowQuery } from './bot-flow-api';
import { BotFlowForm } from './bot-flow-form';
import { t } from '../../i18n';

/** The form's and the preview's shapes while the flow loads. */
function BotFlowSkeleton() {
  const field = (h: number, key: number) => (
    <Stack gap={6} key={key}>
      <Skeleton h={12} w={180} />
      <Skeleton h={h} />
    </Stack>
  );
  return (
    <Grid gap="lg" data-testid="bot-flow-loading" aria-busy="true" aria-label={t('chats.botFlow.loading')}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Group gap="sm">
                <Skeleton h={24} w={44} radius="xl" />
                <Skeleton h={14} w={120} />
              </Group>
              <Group grow>{[0, 1].map((i) => field(36, i))}</Group>
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">{[0, 1, 2, 3].map((i) => field(72, i))}</Stack>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton h={520} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

/** /chats/bot: the bot's messages, its store and its timeout, with the conversation as the customer sees it. */
export function BotFlowPage() {
  const flow = useQuery(botFlowQuery(useAccountId()));
  let body;
  if (flow.isError) body = <LoadError title={t('chats.botFlow.loadError')} error={flow.error} retrying={flow.isFetching} onRetry={() => void flow.refetch()} testId="bot-flow-load-error" />;
  else if (!flow.data) body = <BotFlowSkeleton />;
  else body = <BotFlowForm flow={flow.data} />;
  return (
    <Stack gap="lg">
      <PageHeader title={t('chats.botFlow.title')} description={t('chats.botFlow.subtitle')} />
      {body}
    </Stack>
  );
}
