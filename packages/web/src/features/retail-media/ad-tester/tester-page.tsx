import { Alert, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { IconInfoCircle } from '@tabler/icons-react';
import { ApiError } from '../../../shared/api/client';
import { LoadError } from '../../../shared/components/load-error';
import { PageLoader } from '../../../shared/components/page-loader';
import type { AccountSummary } from '../../../shared/session/session';
import { testerAdApiQuery, testerPublishersQuery, useDecideAds } from './api';
import { TesterForm } from './tester-form';
import { TesterResults, type TesterRun } from './tester-results';
import { emptyTesterValues, serverErrors, toCurl, toRmaBody, validateTester, type TesterValues } from './tester-rules';
import { t } from '../../../i18n';

function Header() {
  return (
    <Stack gap={2}>
      <Group gap="sm" align="center">
        <Title order={2}>{t('rmTester.title')}</Title>
        <Badge color="grape" variant="light" data-testid="tester-beta">
          {t('rmTester.beta')}
        </Badge>
      </Group>
      <Text c="dimmed" size="sm">
        {t('rmTester.subtitle')}
      </Text>
    </Stack>
  );
}

/** Spec §2 ad-request tester (beta): builds a /v1/rma request as the VTEX Ads API documents it, sends it, shows what came back. */
export function AdTesterPage({ account }: { account: AccountSummary }) {
  const publishers = useQuery(testerPublishersQuery(account));
  // Only the signed-in publisher's own settings are readable: they say whether its queries need a key.
  const ownPublisher = publishers.data?.some((p) => p.value === String(account.id)) ?? false;
  const adApi = useQuery({ ...testerAdApiQuery(account.id), enabled: ownPublisher });
  const decide = useDecideAds();
  const [run, setRun] = useState<TesterRun | null>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const form = useForm<TesterValues>({ initialValues: emptyTesterValues(), validate: validateTester, validateInputOnBlur: false });

  const firstPublisher = publishers.data?.[0]?.value;
  useEffect(() => {
    if (firstPublisher && !form.getValues().publisherId) {
      form.setInitialValues(emptyTesterValues(firstPublisher));
      form.setFieldValue('publisherId', firstPublisher);
    }
    // Only when the list arrives: the form object is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstPublisher]);

  const submit = (values: TesterValues) => {
    const body = toRmaBody(values);
    const withKey = values.publisherId === String(account.id) && adApi.data?.require_api_key === true;
    const curl = toCurl(window.location.origin, values.publisherId, body, { withKey });
    setOtherErrors([]);
    setRun({ curl, withKey });
    decide.mutate(
      { publisherId: values.publisherId, body },
      {
        onSuccess: (response) => setRun({ curl, withKey, response }),
        onError: (error) => {
          setRun({ curl, withKey, error });
          if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
            const { fields, other } = serverErrors(error.details ?? [], values);
            form.setErrors(fields);
            setOtherErrors(other.length || Object.keys(fields).length ? other : [error.message]);
          }
        },
      },
    );
  };

  let body;
  if (publishers.isError) body = <LoadError error={publishers.error} retrying={publishers.isFetching} onRetry={() => void publishers.refetch()} />;
  else if (!publishers.data) body = <PageLoader compact />;
  else if (publishers.data.length === 0)
    body = (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="tester-no-publishers">
        {t('rmTester.noPublishers')}
      </Alert>
    );
  else
    body = (
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TesterForm form={form} publishers={publishers.data} accountId={account.id} submitting={decide.isPending} otherErrors={otherErrors} onSubmit={submit} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <TesterResults run={run} pending={decide.isPending} />
        </Grid.Col>
      </Grid>
    );

  return (
    <Stack gap="lg">
      <Header />
      {body}
    </Stack>
  );
}
