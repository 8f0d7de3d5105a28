import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconMapPinOff } from '@tabler/icons-react';
import type { LatLngBoundsExpression } from 'leaflet';
import { useEffect } from 'react';
import { Marker, Tooltip, useMap } from 'react-leaflet';
import { BaseMap, MARKER_ICON } from '../../shared/map/base-map';
import type { CustomerAddress } from './api';
import { t } from '../../i18n';

/** Frames the saved addresses' points whenever they change (one point: a street-level view). */
function FitPoints({ points }: { points: Array<[number, number]> }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  useEffect(() => {
    if (points.length === 1) map.setView(points[0]!, 15, { animate: false });
    else if (points.length > 1) map.fitBounds(points as LatLngBoundsExpression, { padding: [32, 32], maxZoom: 15, animate: false });
    // The key says when the points changed; the array itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

const oneLine = (a: CustomerAddress) => [`${a.street}, ${a.number}`, a.neighborhood, `${a.city}/${a.state}`].filter(Boolean).join(' · ');

/**
 * The saved addresses as the server resolved them: each geocoded point on the map, and the store
 * and delivery region that serve it (or that none does). Works with or without map tiles.
 */
export function CustomerAddressesMap({ addresses }: { addresses: CustomerAddress[] }) {
  const placed = addresses.filter((a) => a.latitude !== null && a.longitude !== null);
  const points = placed.map((a) => [a.latitude!, a.longitude!] as [number, number]);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="customer-service-map">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={4}>{t('customers.service.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('customers.service.subtitle')}
          </Text>
        </Stack>
        {addresses.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('customers.service.noAddresses')}
          </Text>
        ) : (
          <div style={{ display: 'grid', gap: 'var(--mantine-spacing-md)', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))' }}>
            <Stack gap="sm">
              {addresses.map((a, i) => (
                <Card key={a.id} withBorder radius="sm" padding="sm" data-testid="customer-served-address">
                  <Stack gap={4}>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {a.label || t('customers.address.title', { number: i + 1 })}
                      </Text>
                      {a.is_default && (
                        <Badge size="xs" variant="light" color="teal">
                          {t('customers.address.default')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {oneLine(a)} · {a.zip_code}
                    </Text>
                    {a.location_name ? (
                      <Group gap={6} wrap="nowrap">
                        <IconBuildingStore size={16} color="var(--mantine-color-blue-6)" />
                        <Text size="sm">
                          {a.region_name ? t('customers.service.servedByRegion', { store: a.location_name, region: a.region_name }) : t('customers.service.servedBy', { store: a.location_name })}
                        </Text>
                      </Group>
                    ) : (
                      <Group gap={6} wrap="nowrap">
                        <IconMapPinOff size={16} color="var(--mantine-color-orange-6)" />
                        <Text size="sm" c="orange.8">
                          {a.latitude === null ? t('customers.service.notGeocoded') : t('customers.service.notServed')}
                        </Text>
                      </Group>
                    )}
                    {a.latitude !== null && a.longitude !== null && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {a.latitude.toFixed(5)}, {a.longitude.toFixed(5)}
                      </Text>
                    )}
                  </Stack>
                </Card>
              ))}
            </Stack>
            <BaseMap label={t('customers.service.mapLabel')} height={300} center={points[0]} zoom={points.length ? 15 : 11}>
              <FitPoints points={points} />
              {placed.map((a, i) => (
                <Marker key={a.id} position={[a.latitude!, a.longitude!]} icon={MARKER_ICON} title={a.label || t('customers.address.title', { number: i + 1 })}>
                  <Tooltip direction="top" offset={[0, -36]}>
                    {a.location_name ?? t('customers.service.notServed')}
                  </Tooltip>
                </Marker>
              ))}
            </BaseMap>
          </div>
        )}
      </Stack>
    </Card>
  );
}
