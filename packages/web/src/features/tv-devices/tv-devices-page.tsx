import { Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDeviceTv, IconHelpCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { ListCard } from '../../shared/components/list-card';
import { useClampPage } from '../../shared/components/list-footer';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatDateTime } from '../../shared/ui/format';
import { t, tn } from '../../i18n';
import { tvDevicesListQuery, useAccountId, useCanManageTvs, useRemoveTvDevice, type TvDevice } from './api';
import { PairingSteps, PairingStepsModal } from './pairing-steps';
import type { TvDevicesSearch } from './tv-devices-search';
import { SkeletonRows } from '../../shared/components/skeleton-rows';

const COLUMNS = ['name', 'id', 'manufacturer', 'user', 'store', 'status'] as const;
const displayName = (d: TvDevice) => d.name ?? d.deviceName ?? t('tvDevices.unnamed');

function StatusCell({ device }: { device: TvDevice }) {
  return (
    <Stack gap={2}>
      <Badge color={device.online ? 'green' : 'gray'} variant="light" tt="none" w="fit-content" data-testid="tv-device-status">
        {device.online ? t('tvDevices.online') : t('tvDevices.offline')}
      </Badge>
      <Text size="xs" c="dimmed">
        {device.last_seen_at ? t('tvDevices.lastSeen', { date: formatDateTime(device.last_seen_at) }) : t('tvDevices.neverSeen')}
      </Text>
    </Stack>
  );
}

function DeviceRow({ device, canManage, onRemove }: { device: TvDevice; canManage: boolean; onRemove: (d: TvDevice) => void }) {
  return (
    <Table.Tr data-testid="tv-device-row">
      <Table.Td>
        <Text size="sm" fw={500}>
          {displayName(device)}
        </Text>
        <Text size="xs" c="dimmed">
          {device.deviceName}
        </Text>
      </Table.Td>
      <Table.Td maw={220}>
        <Tooltip label={device.deviceID} openDelay={400}>
          <Text size="sm" ff="monospace" truncate="end">
            {device.deviceID}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>{device.deviceManufacturer}</Table.Td>
      <Table.Td>
        {device.user ? (
          <>
            <Text size="sm">{device.user.name}</Text>
            <Text size="xs" c="dimmed">
              {device.user.email}
            </Text>
          </>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>{device.store?.name ?? '—'}</Table.Td>
      <Table.Td>
        <StatusCell device={device} />
      </Table.Td>
      <Table.Td ta="right">
        {canManage && (
          <Button size="xs" variant="subtle" color="red" aria-label={t('tvDevices.removeOf', { name: displayName(device) })} onClick={() => onRemove(device)}>
            {t('tvDevices.remove')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function DevicesTable({ devices, canManage, onRemove }: { devices: TvDevice[] | undefined; canManage: boolean; onRemove: (d: TvDevice) => void }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{t(`tvDevices.columns.${c}`)}</Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices
            ? devices.map((d) => <DeviceRow key={d.id} device={d} canManage={canManage} onRemove={onRemove} />)
            : <SkeletonRows columns={COLUMNS.length + 1} testId="tv-device-skeleton" />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The account's TVs (spec §2: name, id, manufacturer, user, remove), with their store and whether they are online. */
export function TvDevicesPage({ search, onSearchChange }: { search: TvDevicesSearch; onSearchChange: (update: (prev: TvDevicesSearch) => TvDevicesSearch) => void }) {
  const accountId = useAccountId();
  const list = useQuery(tvDevicesListQuery(accountId, search));
  const canManage = useCanManageTvs() === true;
  const remove = useRemoveTvDevice();
  const confirm = useConfirmModal();
  const [helping, setHelping] = useState(false);
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  const meta = list.data?.meta;
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  const askRemove = (device: TvDevice) =>
    confirm.open({
      title: t('tvDevices.removeConfirm.title'),
      message: t('tvDevices.removeConfirm.message', { name: displayName(device) }),
      confirmLabel: t('tvDevices.remove'),
      confirmColor: 'red',
      onConfirm: () => remove.mutateAsync(device.id),
    });

  let body;
  if (list.isError) body = <LoadError m="md" title={t('tvDevices.loadError')} error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (list.data && list.data.meta.total === 0)
    body = (
      <Stack gap={0} data-testid="tv-devices-empty">
        <EmptyState icon={<IconDeviceTv size={26} />} title={t('tvDevices.empty')} hint={t('tvDevices.emptyHint')} />
        <PairingSteps px="xl" pb="xl" />
      </Stack>
    );
  else body = <DevicesTable devices={list.data?.data} canManage={canManage} onRemove={askRemove} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('tvDevices.title')}
        description={t('tvDevices.subtitle')}
        actions={
          <Group>
            <Button variant="default" leftSection={<IconHelpCircle size={18} />} onClick={() => setHelping(true)}>
              {t('tvDevices.howToPair')}
            </Button>
          </Group>
        }
      />
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('tvDevices.total', total, { count: total })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
      <PairingStepsModal opened={helping} onClose={() => setHelping(false)} />
      {confirm.modal}
    </Stack>
  );
}
