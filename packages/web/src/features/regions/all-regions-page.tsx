import { Anchor, Box, Card, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPolygon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo } from 'react';
import { Marker, Polygon, Popup, ScaleControl, Tooltip } from 'react-leaflet';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { BaseMap, MARKER_ICON } from '../../shared/map/base-map';
import { formatMoney } from '../../shared/ui/format';
import { accountRegionsQuery, allStoresQuery, useAccountId, type Region } from './api';
import { FitBounds } from './map-layers';
import { paletteColor } from './region-colors';
import { boundsOf, geometryLatLngs } from './region-geometry';
import { t } from '../../i18n';
import classes from './regions.module.css';

interface StoreEntry {
  id: number;
  name: string;
  pin: [number, number] | null;
  color: string;
  regions: Region[];
}

/** Every delivery region of the account on one map, coloured per store, with a store filter (issue 19). */
export function AllRegionsPage({ storeId, onStoreChange }: { storeId: number | undefined; onStoreChange: (storeId: number | undefined) => void }) {
  const accountId = useAccountId();
  const regions = useQuery(accountRegionsQuery(accountId));
  // Pins and stores still without regions; without the stores module the regions alone still show.
  const stores = useQuery(allStoresQuery(accountId));

  const entries = useMemo(() => {
    const byId = new Map<number, StoreEntry>();
    const add = (id: number, name: string, pin: [number, number] | null) => {
      if (!byId.has(id)) byId.set(id, { id, name, pin, color: '', regions: [] });
      const entry = byId.get(id)!;
      entry.pin ??= pin;
      return entry;
    };
    for (const s of stores.data ?? []) add(s.id, s.name, s.latitude != null && s.longitude != null ? [s.latitude, s.longitude] : null);
    for (const r of regions.data ?? []) add(r.location_id, r.location_name, null).regions.push(r);
    const list = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    list.forEach((e, i) => (e.color = paletteColor(i)));
    return list;
  }, [stores.data, regions.data]);

  const shown = useMemo(() => (storeId ? entries.filter((e) => e.id === storeId) : entries), [entries, storeId]);
  // The regions and the pins of their stores; only pins when there is no region at all (a far store without regions would shrink the rest).
  const bounds = useMemo(() => {
    const served = shown.filter((e) => e.regions.length > 0);
    const pins = (served.length ? served : shown).flatMap((e) => (e.pin ? [e.pin] : []));
    return boundsOf(served.flatMap((e) => e.regions.map((r) => r.geometry)), pins);
  }, [shown]);
  const total = shown.reduce((n, e) => n + e.regions.length, 0);

  let side;
  if (regions.isError) side = <LoadError title={t('regions.loadError')} error={regions.error} retrying={regions.isFetching} onRetry={() => void regions.refetch()} />;
  else if (!regions.data) side = <PageLoader compact label={t('regions.loading')} />;
  else if (shown.length === 0) side = <EmptyState icon={<IconPolygon size={26} />} title={t('regions.allEmpty')} hint={t('regions.allEmptyHint')} />;
  else
    side = (
      <Stack gap="sm" data-testid="store-region-list">
        {shown.map((e) => (
          <Box key={e.id} data-testid="store-regions" style={{ borderLeft: `5px solid ${e.color}`, paddingLeft: 10 }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} truncate>
                {e.name}
              </Text>
              <Anchor renderRoot={(props) => <Link {...props} to="/logistic/$id/regions" params={{ id: String(e.id) }} />} size="sm" style={{ flex: 'none' }}>
                {t('regions.openStore')}
              </Anchor>
            </Group>
            {e.regions.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t('regions.storeNoRegions')}
              </Text>
            ) : (
              e.regions.map((r) => (
                <Text key={r.id} size="xs" c={r.active ? undefined : 'dimmed'}>
                  {r.name} · {formatMoney(r.delivery_fee)} · {t('regions.etaShort', { eta: r.estimated_delivery_minutes })}
                  {r.active ? '' : ` · ${t('regions.inactive')}`}
                </Text>
              ))
            )}
          </Box>
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('regions.allTitle')}
        description={t('regions.allSubtitle')}
        actions={
          <Select
            aria-label={t('regions.storeFilter')}
            placeholder={t('regions.allStores')}
            data={entries.map((e) => ({ value: String(e.id), label: e.name }))}
            value={storeId ? String(storeId) : null}
            onChange={(v) => onStoreChange(v ? Number(v) : undefined)}
            clearable
            searchable
            w={260}
            data-testid="region-store-filter"
          />
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <BaseMap label={t('regions.allMapLabel')} height="clamp(420px, 62vh, 640px)" bounds={bounds}>
            <ScaleControl imperial={false} position="bottomleft" />
            <FitBounds bounds={bounds} fitKey={`${storeId ?? 'all'}:${regions.isSuccess}:${stores.isSuccess}`} />
            {shown.map((e) => (
              <Fragment key={e.id}>
                {e.regions.map((r) => (
                  <Polygon
                    key={`${r.id}:${r.updated_at}`}
                    positions={geometryLatLngs(r.geometry)}
                    pathOptions={{ color: e.color, fillColor: e.color, fillOpacity: r.active ? 0.22 : 0.06, weight: 2, dashArray: r.active ? undefined : '4 6' }}
                  >
                    <Tooltip sticky className={classes.label}>
                      {r.name} — {e.name}
                    </Tooltip>
                    <Popup>
                      <Stack gap={2}>
                        <Text fw={600} size="sm">
                          {r.name}
                        </Text>
                        <Text size="xs">{e.name}</Text>
                        <Text size="xs">{t('regions.summary', { fee: formatMoney(r.delivery_fee), minimum: formatMoney(r.min_order_value), eta: r.estimated_delivery_minutes })}</Text>
                        <Anchor renderRoot={(props) => <Link {...props} to="/logistic/$id/regions" params={{ id: String(e.id) }} />} size="xs">
                          {t('regions.openStore')}
                        </Anchor>
                      </Stack>
                    </Popup>
                  </Polygon>
                ))}
                {e.pin && (
                  <Marker position={e.pin} icon={MARKER_ICON}>
                    <Tooltip direction="top" offset={[0, -36]}>
                      {e.name}
                    </Tooltip>
                  </Marker>
                )}
              </Fragment>
            ))}
          </BaseMap>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Title order={4}>{t('regions.byStoreTitle', { count: total })}</Title>
              {side}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
