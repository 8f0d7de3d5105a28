import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAd2, IconSend } from '@tabler/icons-react';
import { EmptyState } from '../../../shared/components/empty-state';
import { ApiError } from '../../../shared/api/client';
import { AdResultCard } from './ad-result-card';
import type { RmaResponse } from './api';
import { CodePanel } from './code-panel';
import { t, tn } from '../../../i18n';

export interface TesterRun {
  curl: string;
  response?: RmaResponse;
  error?: unknown;
}

function Placements({ response }: { response: RmaResponse }) {
  const placements = Object.entries(response.placements);
  const total = placements.reduce((sum, [, ads]) => sum + ads.length, 0);
  if (total === 0)
    return (
      <Card withBorder radius="md" padding="lg" data-testid="tester-empty">
        <EmptyState icon={<IconAd2 size={24} />} title={t('rmTester.results.empty')} hint={t('rmTester.results.emptyHint')} />
      </Card>
    );
  return (
    <Stack gap="md">
      {placements.map(([name, ads]) => (
        <Card key={name} withBorder radius="md" padding="lg" data-testid="tester-placement">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={5}>{t('rmTester.results.placement', { name })}</Title>
              <Badge variant="light">{tn('rmTester.results.count', ads.length, { count: ads.length })}</Badge>
            </Group>
            {ads.map((ad) => (
              <AdResultCard key={`${ad.ad_id}-${ad.position}`} ad={ad} />
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The right-hand side: the ads per placement (or why none), the curl and the JSON response. */
export function TesterResults({ run, pending }: { run: TesterRun | null; pending: boolean }) {
  if (!run && !pending)
    return (
      <Card withBorder radius="md" padding="lg" data-testid="tester-idle">
        <EmptyState icon={<IconSend size={24} />} title={t('rmTester.results.idleTitle')} hint={t('rmTester.results.idleHint')} />
      </Card>
    );
  return (
    <Stack gap="md" data-testid="tester-results">
      <Group justify="space-between" gap="xs">
        <Title order={4}>{t('rmTester.results.title')}</Title>
        {pending && (
          <Group gap={6}>
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('rmTester.results.loading')}
            </Text>
          </Group>
        )}
        {!pending && run?.response && (
          <Text size="xs" c="dimmed" ff="monospace">
            {t('rmTester.results.requestId', { id: run.response.request_id })}
          </Text>
        )}
      </Group>
      {run?.error !== undefined && !(run.error instanceof ApiError && run.error.status === 400) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="tester-error">
          {t('rmTester.results.error', { message: run.error instanceof ApiError ? run.error.message : t('errors.generic') })}
        </Alert>
      )}
      {run?.response && <Placements response={run.response} />}
      {run && <CodePanel title={t('rmTester.curl.title')} hint={t('rmTester.curl.hint')} code={run.curl} copyLabel={t('rmTester.copyCurl')} testId="tester-curl" />}
      {run?.response && (
        <CodePanel title={t('rmTester.json.title')} code={JSON.stringify(run.response, null, 2)} copyLabel={t('rmTester.copyJson')} testId="tester-json" maxHeight={480} />
      )}
    </Stack>
  );
}
