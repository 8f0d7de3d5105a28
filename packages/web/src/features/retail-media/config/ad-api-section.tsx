import { ActionIcon, Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconInfoCircle, IconPlus, IconTrash, IconWorld } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdApiSettingsBody } from '@backoffice/contracts';
import { api, ApiError, unwrap } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { LoadError } from '../../../shared/components/load-error';
import { PageLoader } from '../../../shared/components/page-loader';
import { notifySuccess } from '../../../shared/ui/notify';
import { configKeys, useAccountId, useMemberRole } from './api';
import { SectionCard } from './section-card';
import { t } from '../../../i18n';

type AdApiSettings = components['schemas']['AdApiSettings'];
interface AdApiValues {
  requireApiKey: boolean;
  origins: string[];
}

const MAX_ORIGINS = 50;

const adApiKey = (accountId: number) => [...configKeys.all(accountId), 'ad-api'] as const;
const adApiQuery = (accountId: number) =>
  queryOptions({ queryKey: adApiKey(accountId), queryFn: () => unwrap(api.GET('/configuration/ad-api')), meta: { silent: true } });

function useSaveAdApi() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (body: AdApiSettings) => unwrap(api.PUT('/configuration/ad-api', { body })),
    onSuccess: (settings) => {
      queryClient.setQueryData(adApiKey(accountId), settings);
      notifySuccess(t('rmAdApi.config.saved'));
    },
  });
}

const toBody = (v: AdApiValues): AdApiSettings => ({
  require_api_key: v.requireApiKey,
  // Blank rows are rows not filled in yet, not origins; a trailing slash is how origins are often pasted.
  allowed_origins: v.origins.map((o) => o.trim().replace(/\/$/, '')).filter(Boolean),
});

/** The contract's rules (an origin is scheme://host[:port], at most 50), each at the row it names. */
function validate(values: AdApiValues): Record<string, string> {
  const parsed = AdApiSettingsBody.safeParse(toBody(values));
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = originField(issue.path.map(String).join('.'), values);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** "allowed_origins.2" → "origins.<row>" (rows left blank are not sent, so the indexes differ). */
function originField(path: string, values: AdApiValues): string | null {
  const [head, index] = path.split('.');
  if (head === 'require_api_key') return 'requireApiKey';
  if (head !== 'allowed_origins' || index === undefined) return null;
  const rows = values.origins.map((o, i) => ({ o, i })).filter(({ o }) => o.trim());
  const row = rows[Number(index)];
  return row ? `origins.${row.i}` : null;
}

function AdApiForm({ settings, admin }: { settings: AdApiSettings; admin: boolean }) {
  const save = useSaveAdApi();
  const form = useForm<AdApiValues>({ initialValues: { requireApiKey: settings.require_api_key, origins: settings.allowed_origins }, validate });
  const submit = (values: AdApiValues) =>
    save.mutate(toBody(values), {
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const d of error.details ?? []) {
          const field = originField(d.field, values);
          if (field) form.setFieldError(field, d.message);
        }
      },
    });
  const origins = form.values.origins;
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {t('rmAdApi.config.publicNote')}
        </Alert>
        <Switch
          label={t('rmAdApi.config.requireApiKey')}
          description={t('rmAdApi.config.requireApiKeyHint')}
          disabled={!admin}
          {...form.getInputProps('requireApiKey', { type: 'checkbox' })}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('rmAdApi.config.origins')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('rmAdApi.config.originsHint')}
          </Text>
          {origins.length === 0 && (
            <Group gap="xs" c="dimmed" data-testid="ad-api-any-origin">
              <IconWorld size={16} />
              <Text size="sm">{t('rmAdApi.config.anyOrigin')}</Text>
            </Group>
          )}
          {origins.map((_, i) => (
            <Group key={i} gap="xs" align="flex-start" wrap="nowrap" data-testid="ad-api-origin">
              <TextInput
                aria-label={t('rmAdApi.config.originLabel', { index: i + 1 })}
                placeholder="https://www.meusite.com.br"
                maxLength={200}
                disabled={!admin}
                style={{ flex: 1, maxWidth: 480 }}
                {...form.getInputProps(`origins.${i}`)}
              />
              {admin && (
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('rmAdApi.config.removeOrigin', { index: i + 1 })} onClick={() => form.removeListItem('origins', i)}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {admin && (
            <Group>
              <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} disabled={origins.length >= MAX_ORIGINS} onClick={() => form.insertListItem('origins', '')}>
                {t('rmAdApi.config.addOrigin')}
              </Button>
            </Group>
          )}
        </Stack>
        {admin ? (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('rmAdApi.config.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('rmAdApi.config.readOnly')}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** The ad API's access: public by default (as in VTEX Ads); the admin may require a key and limit the origins. */
export function AdApiSection() {
  const settings = useQuery(adApiQuery(useAccountId()));
  const admin = useMemberRole() === 'admin';
  let body;
  if (settings.isError)
    body = <LoadError inline error={settings.error} retrying={settings.isFetching} onRetry={() => void settings.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!settings.data) body = <PageLoader compact label={t('rmAdApi.config.loading')} />;
  else body = <AdApiForm key={`${settings.dataUpdatedAt}-${admin}`} settings={settings.data} admin={admin} />;
  return (
    <SectionCard title={t('rmAdApi.config.title')} description={t('rmAdApi.config.description')} testId="config-ad-api">
      {body}
    </SectionCard>
  );
}
