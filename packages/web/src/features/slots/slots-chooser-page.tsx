import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { storesQuery, useAccountId, type SlotMode, type StoreOption } from './api';
import { ScopeBar } from './scope-bar';
import { useGoToScope } from './use-go-to-scope';
import { t } from '../../i18n';

/** A store as a card that opens its windows of the chosen mode. */
function StoreCard({ store, mode }: { store: StoreOption; mode: SlotMode }) {
  const place = [store.city, store.state].filter(Boolean).join('/');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      renderRoot={(props) => <Link {...props} to="/logistic/slots/$mode/$locationId/" params={{ mode, locationId: String(store.id) }} />}
      data-testid="slots-store-card"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <IconBuildingStore size={20} color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />
          <Stack gap={0} miw={0}>
            <Text fw={600} size="sm" truncate>
              {store.name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {place || '—'}
              </Text>
              {!store.active && (
                <Badge size="xs" variant="light" color="gray" tt="none">
                  {t('slots.scope.inactive')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <IconChevronRight size={16} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
      </Group>
    </Card>
  );
}

/** /logistic/slots/ and /logistic/slots/{mode}/: pick the mode and the store whose windows to manage. */
export function SlotsChooserPage({ mode }: { mode: SlotMode | null }) {
  const stores = useQuery(storesQuery(useAccountId()));
  const goTo = useGoToScope();
  // A store picked before the mode waits here; the mode lives in the URL.
  const [locationId, setLocationId] = useState<number | null>(null);

  let body;
  if (stores.isError) body = <LoadError error={stores.error} title={t('slots.scope.storesLoadError')} retrying={stores.isFetching} onRetry={() => void stores.refetch()} />;
  else if (!stores.data) body = <PageLoader compact label={t('slots.scope.storesLoading')} />;
  else if (stores.data.length === 0) body = <EmptyState icon={<IconBuildingStore size={26} />} title={t('slots.chooser.noStores')} hint={t('slots.chooser.noStoresHint')} />;
  else
    body = (
      <Stack gap="md">
        <ScopeBar
          value={{ mode, locationId, regionId: null }}
          onChange={(next) => {
            setLocationId(next.locationId);
            if (next.mode) void goTo(next);
          }}
        />
        <Text size="sm" c="dimmed">
          {mode ? t('slots.chooser.pickStore') : t('slots.chooser.pickMode')}
        </Text>
        {mode && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {stores.data.map((store) => (
              <StoreCard key={store.id} store={store} mode={mode} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader title={mode ? t(`slots.title.${mode}`) : t('slots.title.any')} description={t('slots.chooser.description')} />
      <Card withBorder radius="md" padding="lg">
        {body}
      </Card>
    </Stack>
  );
}
