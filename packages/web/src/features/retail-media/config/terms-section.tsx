import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { UpdateTermsBody } from '@backoffice/contracts';
import { LoadError } from '../../../shared/components/load-error';
import { PageLoader } from '../../../shared/components/page-loader';
import { termsQuery, useAccountId, useSaveTerms, type TermsConfig } from './api';
import { SectionCard } from './section-card';
import { t } from '../../../i18n';

interface TermsValues {
  active: boolean;
  url: string;
  version: string;
}

const toBody = (v: TermsValues) => ({ active: v.active, url: v.url.trim() || null, version: v.version.trim() || null });
const checkBody = schemaResolver(UpdateTermsBody, { sync: true });

/** Spec §2 terms of service: active, URL and version; the fields are disabled when the API says `can_edit` is false. */
export function TermsForm({ terms }: { terms: TermsConfig }) {
  const save = useSaveTerms();
  const form = useForm<TermsValues>({
    initialValues: { active: terms.active, url: terms.url ?? '', version: terms.version ?? '' },
    validate: (values) => checkBody(toBody(values)) as Record<string, string>,
  });
  const locked = !terms.can_edit;
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(toBody(values)))} noValidate>
      <Stack gap="md">
        {locked && (
          <Alert color="gray" variant="light" icon={<IconLock size={16} />}>
            {t('rmConfig.terms.locked')}
          </Alert>
        )}
        <Switch label={t('rmConfig.terms.active')} disabled={locked} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={t('rmConfig.terms.url')} placeholder="https://" disabled={locked} miw={240} maxLength={500} withAsterisk={form.values.active} {...form.getInputProps('url')} />
          <TextInput label={t('rmConfig.terms.version')} placeholder={t('rmConfig.terms.versionPlaceholder')} disabled={locked} maw={{ sm: 220 }} maxLength={40} withAsterisk={form.values.active} {...form.getInputProps('version')} />
        </Group>
        {!locked && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('rmConfig.terms.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

export function TermsSection() {
  const terms = useQuery(termsQuery(useAccountId()));
  let body;
  if (terms.isError) body = <LoadError inline error={terms.error} retrying={terms.isFetching} onRetry={() => void terms.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!terms.data) body = <PageLoader compact />;
  else body = <TermsForm key={terms.dataUpdatedAt} terms={terms.data} />;
  return (
    <SectionCard title={t('rmConfig.terms.title')} description={t('rmConfig.terms.description')} testId="config-terms">
      {body}
    </SectionCard>
  );
}
