import { Alert, Anchor, Badge, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMapPinOff, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CircleMarker, Marker, Polygon, ScaleControl, Tooltip } from 'react-leaflet';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { PageLoader } from '../../shared/components/page-loader';
import { ApiError } from '../../shared/api/client';
import { BaseMap, MARKER_ICON } from '../../shared/map/base-map';
import { formatMoney } from '../../shared/ui/format';
import { accountRegionsQuery, regionSearchQuery, useAccountId, type RegionSearch } from './api';
import { FitBounds, MapClicks } from './map-layers';
import { boundsOf, geometryLatLngs } from './region-geometry';
import { t } from '../../i18n';
import classes from './regions.module.css';

const SERVING = '#2f9e44';
const OTHER = '#868e96';

/** Which stores and regions serve an address or a point clicked on the map (issue 19). */
export function SearchLocationsPage({ search, onSearch }: { search: RegionSearch | null; onSearch: (search: RegionSearch) => void }) {
  const accountId = useAccountId();
  const result = useQuery({ ...regionSearchQuery(accountId, search ?? { address: '' }), enabled: search !== null });
  // Every region, drawn faintly, so the ones serving the point stand out; without access to them the results still show.
  const regions = useQuery({ ...accountRegionsQuery(accountId), retry: false });

  const serving = useMemo(() => new Set((result.data?.data ?? []).map((s) => s.region_id)), [result.data]);
  const point = result.data?.point ? ([result.data.point.lat, result.data.point.lng] as [number, number]) : null;
  const servingGeometries = (regions.data ?? []).filter((r) => serving.has(r.id)).map((r) => r.geometry);
  const storePins = useMemo(() => {
    const pins = new Map<number, { name: string; at: [number, number] }>();
    for (const s of result.data?.data ?? []) if (s.latitude != null && s.longitude != null) pins.set(s.location_id, { name: s.location_name, at: [s.latitude, s.longitude] });
    return [...pins.values()];
  }, [result.data]);
  const fit = point ? boundsOf(servingGeometries, [point, ...storePins.map((p) => p.at)]) : boundsOf((regions.data ?? []).map((r) => r.geometry));
  const searchedAddress = search && 'address' in search ? search.address : '';
  const fitKey = `${JSON.stringify(search)}:${result.isSuccess}:${regions.isSuccess}`;

  let body;
  if (!search) body = <EmptyState icon={<IconSearch size={26} />} title={t('regions.search.startTitle')} hint={t('regions.search.startHint')} />;
  else if (result.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')} data-testid="region-search-error">
        {result.error instanceof ApiError ? (result.error.details?.[0]?.message ?? result.error.message) : t('errors.generic')}
      </Alert>
    );
  else if (!result.data) body = <PageLoader compact label={t('regions.search.searching')} />;
  else if (!result.data.point) body = <EmptyState icon={<IconMapPinOff size={26} />} title={t('regions.search.notFound')} hint={t('regions.search.notFoundHint')} />;
  else if (result.data.data.length === 0)
    body = (
      <div data-testid="region-search-empty">
        <EmptyState icon={<IconMapPinOff size={26} />} title={t('regions.search.none')} hint={t('regions.search.noneHint')} />
      </div>
    );
  else
    body = (
      <Stack gap="xs" data-testid="region-search-results">
        {result.data.data.map((s) => (
          <Card key={s.region_id} withBorder radius="md" padding="sm" data-testid="region-search-row" style={{ borderLeft: `5px solid ${SERVING}` }}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap={0} miw={0}>
                <Anchor renderRoot={(props) => <Link {...props} to="/logistic/$id/regions" params={{ id: String(s.location_id) }} />} fw={600}>
                  {s.location_name}
                </Anchor>
                {(s.address.neighborhood || s.address.city) && (
                  <Text size="xs" c="dimmed">
                    {[s.address.neighborhood, s.address.city].filter(Boolean).join(', ')}
                  </Text>
                )}
              </Stack>
              <Badge variant="light" color="green" style={{ flex: 'none', maxWidth: '55%' }} title={s.region_name}>
                {s.region_name}
              </Badge>
            </Group>
            <Group gap="lg" mt={6}>
              <Metric label={t('regions.search.fee')} value={formatMoney(s.delivery_fee)} />
              <Metric label={t('regions.search.minimum')} value={formatMoney(s.min_order_value)} />
              <Metric label={t('regions.search.eta')} value={t('regions.etaShort', { eta: s.estimated_delivery_minutes })} />
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader title={t('regions.search.title')} description={t('regions.search.subtitle')} />
      <AddressForm key={searchedAddress} initial={searchedAddress} searching={result.isFetching} onSearch={(text) => onSearch({ address: text })} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <BaseMap label={t('regions.search.mapLabel')} height="clamp(380px, 58vh, 600px)" bounds={fit}>
            <ScaleControl imperial={false} position="bottomleft" />
            <FitBounds bounds={fit} fitKey={fitKey} />
            <MapClicks onClick={(lat, lng) => onSearch({ lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) })} />
            {(regions.data ?? []).map((r) => {
              const on = serving.has(r.id);
              return (
                <Polygon
                  key={`${r.id}:${r.updated_at}:${on}`}
                  positions={geometryLatLngs(r.geometry)}
                  pathOptions={{ color: on ? SERVING : OTHER, fillColor: on ? SERVING : OTHER, fillOpacity: on ? 0.3 : 0.06, weight: on ? 3 : 1 }}
                  className={on ? 'serving-region' : undefined}
                >
                  <Tooltip sticky className={classes.label}>
                    {on ? t('regions.search.servingTooltip', { region: r.name, store: r.location_name }) : `${r.name} — ${r.location_name}`}
                  </Tooltip>
                </Polygon>
              );
            })}
            {storePins.map((p) => (
              <CircleMarker key={p.name} center={p.at} radius={7} pathOptions={{ color: '#fff', weight: 2, fillColor: SERVING, fillOpacity: 1 }}>
                <Tooltip direction="top">{p.name}</Tooltip>
              </CircleMarker>
            ))}
            {point && (
              <Marker position={point} icon={MARKER_ICON}>
                <Tooltip direction="top" offset={[0, -36]}>
                  {result.data?.point?.label ?? t('regions.search.pointLabel')}
                </Tooltip>
              </Marker>
            )}
          </BaseMap>
          <Text size="xs" c="dimmed" mt={6}>
            {t('regions.search.clickHint')}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <Title order={4}>{t('regions.search.resultsTitle')}</Title>
              {result.data?.point && (
                <Text size="sm" c="dimmed" data-testid="region-search-point">
                  {result.data.point.label ?? t('regions.search.pointAt', { lat: result.data.point.lat.toFixed(5), lng: result.data.point.lng.toFixed(5) })}
                </Text>
              )}
              {body}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The address box; it starts from the address in the URL (a new search there resets it). */
function AddressForm({ initial, searching, onSearch }: { initial: string; searching: boolean; onSearch: (address: string) => void }) {
  const [address, setAddress] = useState(initial);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = address.trim();
    if (text) onSearch(text);
  };
  return (
    <form onSubmit={submit}>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('regions.search.address')}
          placeholder={t('regions.search.addressPlaceholder')}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          style={{ flex: 1 }}
          maxLength={200}
        />
        <Button type="submit" disabled={address.trim().length === 0} loading={searching}>
          {t('regions.search.submit')}
        </Button>
      </Group>
    </form>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}
