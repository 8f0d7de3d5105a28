import { Card, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { storesQuery, useAccountId, type SlotMode } from './api';
import { ScopeBar } from './scope-bar';
import { useGoToScope } from './use-go-to-scope';
import { t } from '../../i18n';

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
