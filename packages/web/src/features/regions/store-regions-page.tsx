import { Alert, Button, Card, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPolygon, IconX } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { Marker, Polygon, ScaleControl, Tooltip } from 'react-leaflet';
import { BackLink } from '../../shared/components/back-link';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { BaseMap, MARKER_ICON } from '../../shared/map/base-map';
import { regionsQuery, storeQuery, useAccountId, useDeleteRegion, useSaveRegion, type DeliveryMode, type Region } from './api';
import { DrawControls, DraftPolygon, FitBounds, MapHandle } from './map-layers';
import { paletteColor } from './region-colors';
import { RegionForm } from './region-form';
import { boundsOf, geometryLatLngs, geometryMessages, type Geometry } from './region-geometry';
import { RegionList } from './region-list';
import { emptyRegionValues, regionToValues, valuesToBody } from './region-values';
import { t } from '../../i18n';
import classes from './regions.module.css';
import { useIsAccountWriter } from '../../shared/account/queries';

/** The polygon being drawn or edited, and the region it belongs to (none: a new one). */
interface Draft {
  key: string;
  region: Region | null;
  geometry: Geometry;
}

/** A store's delivery regions on the map: draw, edit vertices and fields, delete (issue 19). */
export function StoreRegionsPage({ locationId, mode }: { locationId: number; mode?: DeliveryMode }) {
  const accountId = useAccountId();
  const regions = useQuery(regionsQuery(accountId, locationId));
  const store = useQuery(storeQuery(accountId, locationId));
  const canEdit = useIsAccountWriter();
  const save = useSaveRegion(locationId);
  const remove = useDeleteRegion(locationId);
  const confirm = useConfirmModal();
  const navigate = useNavigate();
  const [map, setMap] = useState<L.Map | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [drawing, setDrawing] = useState(false);

  const list = useMemo(() => regions.data ?? [], [regions.data]);
  const colorOf = useMemo(() => {
    const index = new Map(list.map((r, i) => [r.id, i]));
    return (r: Region) => paletteColor(index.get(r.id) ?? list.length);
  }, [list]);
  const draftColor = draft?.region ? colorOf(draft.region) : paletteColor(list.length);
  const [lat, lng] = [store.data?.latitude ?? null, store.data?.longitude ?? null];
  const pin = useMemo(() => (lat !== null && lng !== null ? ([lat, lng] as [number, number]) : null), [lat, lng]);
  const bounds = useMemo(() => boundsOf(list.map((r) => r.geometry), pin ? [pin] : []), [list, pin]);

  useEffect(() => {
    if (!map) return;
    const start = () => setDrawing(true);
    const end = () => setDrawing(false);
    map.on('pm:drawstart', start);
    map.on('pm:drawend', end);
    return () => {
      map.off('pm:drawstart', start);
      map.off('pm:drawend', end);
    };
  }, [map]);

  const startDrawing = () => map?.pm.enableDraw('Polygon', { allowSelfIntersection: true, pathOptions: { color: draftColor, fillColor: draftColor } });
  const editRegion = (r: Region) => {
    map?.pm.disableDraw();
    setDraft({ key: `region-${r.id}-${Date.now()}`, region: r, geometry: r.geometry });
  };
  const askDelete = (r: Region) =>
    confirm.open({
      title: t('regions.deleteTitle'),
      message: t('regions.deleteMessage', { name: r.name }),
      confirmLabel: t('regions.delete'),
      confirmColor: 'red',
      onConfirm: async () => {
        await remove.mutateAsync(r.id);
        if (draft?.region?.id === r.id) setDraft(null);
      },
    });

  const problems = draft ? geometryMessages(draft.geometry) : [];
  const storeName = store.data?.name ?? `#${locationId}`;

  let side;
  if (draft)
    side = (
      <RegionForm
        key={draft.key}
        title={draft.region ? t('regions.form.editTitle', { name: draft.region.name }) : t('regions.form.newTitle')}
        initialValues={draft.region ? regionToValues(draft.region) : emptyRegionValues()}
        geometryProblems={problems}
        pending={save.isPending}
        onSubmit={async (values) => {
          await save.mutateAsync({ regionId: draft.region?.id ?? null, body: valuesToBody(values, locationId, draft.geometry) });
          setDraft(null);
        }}
        onCancel={() => setDraft(null)}
        onDelete={draft.region ? () => askDelete(draft.region!) : undefined}
      />
    );
  else if (regions.isError) side = <LoadError title={t('regions.loadError')} error={regions.error} retrying={regions.isFetching} onRetry={() => void regions.refetch()} />;
  else if (!regions.data) side = <PageLoader compact label={t('regions.loading')} />;
  else
    side = (
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4}>{t('regions.listTitle', { count: list.length })}</Title>
          {canEdit &&
            (drawing ? (
              <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={() => map?.pm.disableDraw()}>
                {t('regions.cancelDrawing')}
              </Button>
            ) : (
              <Button size="xs" leftSection={<IconPolygon size={14} />} onClick={startDrawing} disabled={!map}>
                {t('regions.draw')}
              </Button>
            ))}
        </Group>
        {drawing && (
          <Alert variant="light" color="blue" p="xs" data-testid="region-drawing-hint">
            <Text size="sm">{t('regions.drawingHint')}</Text>
          </Alert>
        )}
        {list.length === 0 ? (
          <EmptyState icon={<IconPolygon size={26} />} title={t('regions.empty')} hint={canEdit ? t('regions.emptyHint') : t('regions.emptyHintReadOnly')} />
        ) : (
          <RegionList regions={list} colorOf={colorOf} onEdit={canEdit ? editRegion : undefined} onDelete={canEdit ? askDelete : undefined} mode={mode} />
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={mode ? t(`regions.titleMode.${mode}`, { store: storeName }) : t('regions.title', { store: storeName })}
        description={mode ? t(`regions.subtitleMode.${mode}`) : t('regions.subtitle')}
        back={<BackLink to="/logistic/all/regions" label={t('regions.allTitle')} />}
        actions={
          <SegmentedControl
            aria-label={t('regions.modeLabel')}
            value={mode ?? 'all'}
            onChange={(value) =>
              void (value === 'all'
                ? navigate({ to: '/logistic/$id/regions', params: { id: String(locationId) } })
                : navigate({ to: '/logistic/$id/regions/$mode', params: { id: String(locationId), mode: value } }))
            }
            data={[
              { value: 'all', label: t('regions.modes.all') },
              { value: 'delivery', label: t('regions.modes.delivery') },
              { value: 'pickup', label: t('regions.modes.pickup') },
            ]}
          />
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <BaseMap label={t('regions.mapLabel', { store: storeName })} height="clamp(420px, 62vh, 640px)" bounds={bounds}>
            <ScaleControl imperial={false} position="bottomleft" />
            <MapHandle onMap={setMap} />
            <FitBounds bounds={bounds} fitKey={`${locationId}:${regions.isSuccess}:${pin ? 'pin' : ''}`} />
            {pin && (
              <Marker position={pin} icon={MARKER_ICON} pmIgnore>
                <Tooltip direction="top" offset={[0, -36]}>
                  {storeName}
                </Tooltip>
              </Marker>
            )}
            {list
              .filter((r) => r.id !== draft?.region?.id)
              .map((r) => (
                <Polygon
                  key={`${r.id}:${r.updated_at}`}
                  positions={geometryLatLngs(r.geometry)}
                  pathOptions={{ color: colorOf(r), fillColor: colorOf(r), fillOpacity: r.active ? 0.25 : 0.08, weight: 2, dashArray: r.active ? undefined : '4 6' }}
                  pmIgnore
                  eventHandlers={canEdit && !drawing ? { click: () => editRegion(r) } : {}}
                >
                  <Tooltip sticky className={classes.label}>
                    {r.name}
                  </Tooltip>
                </Polygon>
              ))}
            <DrawControls enabled={canEdit && !draft} color={draftColor} onDrawn={(geometry) => setDraft({ key: `new-${Date.now()}`, region: null, geometry })} />
            {draft && <DraftPolygon draftKey={draft.key} geometry={draft.geometry} color={draftColor} onChange={(geometry) => setDraft((d) => (d ? { ...d, geometry } : d))} />}
          </BaseMap>
          {store.data && !pin && (
            <Group gap={6} mt="xs" c="dimmed">
              <IconMapPin size={14} />
              <Text size="xs">{t('regions.noPin')}</Text>
            </Group>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder radius="md" padding="md">
            {side}
          </Card>
          {!draft && (
            <Button component={Link} to="/locations/search-locations" variant="subtle" size="xs" mt="xs">
              {t('regions.searchLink')}
            </Button>
          )}
        </Grid.Col>
      </Grid>
      {confirm.modal}
    </Stack>
  );
}
