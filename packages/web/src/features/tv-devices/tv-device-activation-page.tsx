import { Alert, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceTv, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ActivateTvDeviceBody } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { formatDateTime } from '../../shared/ui/format';
import { notifySuccess } from '../../shared/ui/notify';
import { t } from '../../i18n';
import { tvDevicePairingQuery, tvStoresQuery, useAccountId, useActivateTvDevice, useCanManageTvs, type TvDevicePairing } from './api';

const check = schemaResolver(ActivateTvDeviceBody, { sync: true });

function Info({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Stack>
  );
}

function DeviceCard({ device }: { device: TvDevicePairing | undefined }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="tv-activation-device">
      <Group gap="xs" mb="md">
        <IconDeviceTv size={20} />
        <Title order={4}>{t('tvDevices.activation.device')}</Title>
      </Group>
      {device ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          <Info label={t('tvDevices.activation.deviceName')} value={device.deviceName} />
          <Info label={t('tvDevices.activation.deviceID')} value={device.deviceID} mono />
          <Info label={t('tvDevices.activation.deviceManufacturer')} value={device.deviceManufacturer} />
          <Info label={t('tvDevices.activation.registeredAt')} value={formatDateTime(device.registered_at)} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

function ActivationForm({ token, device }: { token: string; device: TvDevicePairing }) {
  const accountId = useAccountId();
  const stores = useQuery(tvStoresQuery(accountId));
  const activate = useActivateTvDevice(token);
  const navigate = useNavigate();
  const form = useForm<{ name: string; location_id: string | null }>({
    initialValues: { name: device.name ?? '', location_id: device.store ? String(device.store.id) : null },
    validate: (v) => check({ name: v.name, location_id: v.location_id ? Number(v.location_id) : undefined }) as Record<string, string>,
  });
  const { setFieldValue } = form;
  // The only store is the obvious choice.
  useEffect(() => {
    if (stores.data?.length === 1 && !form.values.location_id) setFieldValue('location_id', String(stores.data[0]!.id));
  }, [stores.data, form.values.location_id, setFieldValue]);

  const failure = activate.error instanceof ApiError && activate.error.code !== 'VALIDATION_ERROR' ? activate.error.message : activate.error ? t('errors.generic') : null;
  const noStores = stores.data?.length === 0;

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          activate.mutate(
            { name: values.name.trim(), location_id: Number(values.location_id) },
            {
              onSuccess: () => {
                notifySuccess(t('tvDevices.activation.activated'));
                void navigate({ to: '/retail-media/tv-devices' });
              },
              onError: (error) => {
                if (error instanceof ApiError) for (const d of error.details ?? []) form.setFieldError(d.field === 'location_id' ? 'location_id' : d.field, d.message);
              },
            },
          ),
        )}
      >
        <Stack gap="md">
          {device.active && device.store && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="tv-activation-already">
              {t('tvDevices.activation.alreadyActive', { store: device.store.name, name: device.name ?? '' })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('tvDevices.activation.name')}
              description={t('tvDevices.activation.nameHint')}
              placeholder={t('tvDevices.activation.namePlaceholder')}
              maxLength={120}
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Select
              label={t('tvDevices.activation.store')}
              description={'\u00a0'}
              placeholder={t('tvDevices.activation.storePlaceholder')}
              data={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              searchable
              required
              disabled={stores.isPending}
              nothingFoundMessage={t('common.storeFilter.none')}
              {...form.getInputProps('location_id')}
            />
          </SimpleGrid>
          {stores.isError && <LoadError inline title={t('tvDevices.activation.storesError')} error={stores.error} retrying={stores.isFetching} onRetry={() => void stores.refetch()} />}
          {noStores && (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
              {t('tvDevices.activation.noStores')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="tv-activation-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={activate.isPending} disabled={noStores} leftSection={<IconDeviceTv size={18} />}>
              {t('tvDevices.activation.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The activation page of a device token (spec §2): the device's information, a name and a store, and the activate button. */
export function TvDeviceActivationPage({ token }: { token: string }) {
  const accountId = useAccountId();
  const pairing = useQuery(tvDevicePairingQuery(accountId, token));
  const canManage = useCanManageTvs();
  const notFound = pairing.error instanceof ApiError && (pairing.error.status === 404 || pairing.error.status === 400);

  let body;
  if (notFound)
    body = (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={t('tvDevices.activation.notFound')} data-testid="tv-activation-not-found">
        {t('tvDevices.activation.notFoundHint')}
      </Alert>
    );
  else if (pairing.isError)
    body = <LoadError title={t('tvDevices.activation.loadError')} error={pairing.error} retrying={pairing.isFetching} onRetry={() => void pairing.refetch()} />;
  else
    body = (
      <>
        <DeviceCard device={pairing.data} />
        {canManage === false && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            {t('tvDevices.activation.readOnly')}
          </Alert>
        )}
        {pairing.data && canManage && <ActivationForm token={token} device={pairing.data} />}
      </>
    );

  return (
    <Stack gap="lg">
      <PageHeader title={t('tvDevices.activation.title')} description={t('tvDevices.activation.subtitle')} back={<BackLink to="/retail-media/tv-devices" label={t('tvDevices.activation.back')} />} />
      {body}
    </Stack>
  );
}
