import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarWeek, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { regionsQuery, storesQuery, useAccountId, useCreateSlot, useDeleteSlot, useUpdateSlot, weeklyQuery, type Slot, type SlotScope } from './api';
import { DaysOffPanel } from './days-off-panel';
import { DatesPreview } from './dates-preview';
import { formatMinutes, weekdayLong } from './schedule';
import { ScopeBar } from './scope-bar';
import { SlotEditModal } from './slot-edit-modal';
import { SlotFormModal } from './slot-form-modal';
import { BackToSlots } from './slots-load-states';
import { useGoToScope } from './use-go-to-scope';
import { WeeklyGrid } from './weekly-grid';
import { t, tn } from '../../i18n';
import { useIsAccountWriter } from '../../shared/account/queries';

/** /logistic/slots/{mode}/{locationId}/[{regionId}]: the weekly template, days without work and the next 14 days. */
export function SlotsPage({ scope }: { scope: SlotScope }) {
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const goTo = useGoToScope();
  const store = useQuery(storesQuery(accountId)).data?.find((s) => s.id === scope.locationId);
  const regions = useQuery({ ...regionsQuery(accountId, scope.locationId), enabled: scope.mode === 'delivery' }).data;
  const region = regions?.find((r) => r.id === scope.regionId);
  const regionNames = new Map((regions ?? []).map((r) => [r.id, r.name]));
  // A region's screen also lists the store-wide windows (a customer there may book them): they say so.
  const regionLabel = (slot: Slot) =>
    slot.region_id === null ? (scope.regionId !== undefined ? t('slots.grid.wholeStore') : null) : (regionNames.get(slot.region_id) ?? t('slots.grid.regionId', { id: slot.region_id }));
  const weekly = useQuery(weeklyQuery(accountId, scope));
  const create = useCreateSlot();
  const remove = useDeleteSlot();
  const update = useUpdateSlot();
  const [editing, setEditing] = useState<Slot | null>(null);
  const confirm = useConfirmModal();
  const [adding, setAdding] = useState(false);
  const storeName = store?.name ?? `#${scope.locationId}`;

  const askRemove = (slot: Slot) =>
    confirm.open({
      title: t('slots.grid.removeTitle'),
      message: t('slots.grid.removeMessage', {
        weekday: weekdayLong(slot.weekday),
        start: slot.start,
        end: slot.end,
        capacity: slot.capacity,
        cutoff: formatMinutes(slot.cutoff_minutes),
      }),
      confirmLabel: t('slots.grid.removeConfirm'),
      confirmColor: 'red',
      onConfirm: () => remove.mutateAsync(slot.id),
    });

  let grid;
  if (weekly.isError) grid = <LoadError error={weekly.error} title={t('slots.grid.loadError')} retrying={weekly.isFetching} onRetry={() => void weekly.refetch()} />;
  else if (!weekly.data) grid = <PageLoader compact label={t('slots.grid.loading')} />;
  else if (weekly.data.length === 0) grid = <EmptyState icon={<IconCalendarWeek size={26} />} title={t('slots.grid.empty')} hint={canEdit ? t('slots.grid.emptyHint') : t('slots.grid.emptyHintReadOnly')} />;
  else grid = <WeeklyGrid slots={weekly.data} onRemove={canEdit ? askRemove : undefined} onEdit={canEdit ? setEditing : undefined} regionLabel={regionLabel} />;

  const total = weekly.data?.length ?? 0;
  const capacity = (weekly.data ?? []).reduce((sum, s) => sum + (s.active ? s.capacity : 0), 0);

  return (
    <Stack gap="lg">
      <PageHeader
        back={<BackToSlots />}
        title={`${t(`slots.title.${scope.mode}`)} · ${storeName}`}
        description={region ? t('slots.page.regionDescription', { region: region.name }) : scope.mode === 'delivery' ? t('slots.page.storeDescription') : t('slots.page.pickupDescription')}
      />
      <Card withBorder radius="md" padding="md">
        <ScopeBar value={{ mode: scope.mode, locationId: scope.locationId, regionId: scope.regionId ?? null }} onChange={(next) => void goTo(next)} />
      </Card>
      <Card withBorder radius="md" padding="md" data-testid="slots-weekly">
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Group gap={8}>
              <IconCalendarWeek size={20} />
              <Title order={4}>{t('slots.grid.title')}</Title>
              {weekly.data && (
                <Badge variant="light" color="gray">
                  {tn('slots.grid.summary', total, { n: total, capacity })}
                </Badge>
              )}
            </Group>
            {canEdit && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t('slots.grid.add')}
              </Button>
            )}
          </Group>
          {grid}
          <Text size="xs" c="dimmed">
            {t('slots.grid.timezone')}
          </Text>
        </Stack>
      </Card>
      <DatesPreview scope={scope} />
      <DaysOffPanel locationId={scope.locationId} storeName={storeName} canEdit={canEdit} />
      <SlotFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        scope={{ location_id: scope.locationId, mode: scope.mode, region_id: scope.regionId ?? null }}
        onAdd={(body) => create.mutateAsync(body)}
      />
      <SlotEditModal
        slot={editing}
        onClose={() => setEditing(null)}
        onSave={(id, body) => update.mutateAsync({ id, body })}
        regionLabel={editing ? regionLabel(editing) : null}
      />
      {confirm.modal}
    </Stack>
  );
}
