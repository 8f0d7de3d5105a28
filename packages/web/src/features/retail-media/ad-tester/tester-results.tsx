import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAd2, IconSend } from '@tabler/icons-react';
import { EmptyState } from '../../../shared/components/empty-state';
import { ApiError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/ui/format';
import { AdResultCard } from './ad-result-card';
import { placementsOf, type RmaResponse } from './api';
import { CodePanel } from './code-panel';
import { t, tn } from '../../../i18n';

export interface TesterRun {
  curl: string;
  /** Whether the curl carries the key header (the publisher requires one). */
  withKey: boolean;
  response?: RmaResponse;
  error?: unknown;
}

/** Validation failures show at the form's fields, not here. */
const isValidation = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 422);

function Placements({ response }: { response: RmaResponse }) {
  const placements = placementsOf(response);
  if (placements.length === 0)
    return (
      <Card withBorder radius="md" padding="lg" data-testid="tester-empty">
        <EmptyState icon={<IconAd2 size={24} />} title={t('rmTester.results.empty')} hint={t('rmTester.results.emptyHint')} />
      </Card>
    );
  return (
    <Stack gap="md">
      {placements.map(([name, ads]) => (
        <Card key={name} withBorder radius="md" padding="lg" data-testid="tester-placement" data-placement={name}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={5}>{t('rmTester.results.placement', { name })}</Title>
              <Badge variant="light" color={ads.length ? 'blue' : 'gray'}>
                {tn('rmTester.results.count', ads.length, { count: ads.length })}
              </Badge>
            </Group>
            {ads.length === 0 ? (
              <Group gap="xs" c="dimmed" data-testid="tester-placement-empty">
                <IconAd2 size={16} />
                <Text size="sm">{t('rmAdApi.tester.results.placementEmpty')}</Text>
              </Group>
            ) : (
              ads.map((ad) => <AdResultCard key={`${ad.ad_id}-${ad.position}`} ad={ad} />)
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function QueryIds({ response }: { response: RmaResponse }) {
  return (
    <Stack gap={0} align="flex-end" data-testid="tester-query">
      <Text size="xs" c="dimmed" ff="monospace">
        {t('rmAdApi.tester.results.queryId', { id: response.query_id })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('rmAdApi.tester.results.queryAt', { date: formatDateTime(response.query_at) })}
      </Text>
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
      <Group justify="space-between" gap="xs" align="flex-start">
        <Title order={4}>{t('rmTester.results.title')}</Title>
        {pending && (
          <Group gap={6}>
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('rmTester.results.loading')}
            </Text>
          </Group>
        )}
        {!pending && run?.response && <QueryIds response={run.response} />}
      </Group>
      {run?.error !== undefined && !isValidation(run.error) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="tester-error">
          {t('rmTester.results.error', { message: run.error instanceof ApiError ? run.error.message : t('errors.generic') })}
        </Alert>
      )}
      {run?.error !== undefined && isValidation(run.error) && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} data-testid="tester-invalid">
          {t('rmAdApi.tester.results.invalid')}
        </Alert>
      )}
      {run?.response && <Placements response={run.response} />}
      {run && (
        <CodePanel
          title={t('rmTester.curl.title')}
          hint={run.withKey ? t('rmAdApi.tester.curl.keyRequired') : t('rmAdApi.tester.curl.public')}
          code={run.curl}
          copyLabel={t('rmTester.copyCurl')}
          testId="tester-curl"
        />
      )}
      {run?.response && (
        <CodePanel title={t('rmTester.json.title')} code={JSON.stringify(run.response, null, 2)} copyLabel={t('rmTester.copyJson')} testId="tester-json" maxHeight={480} />
      )}
    </Stack>
  );
}
