import { Group, Stack, Text } from '@mantine/core';
import type { LeafletEvent, Marker as LeafletMarker } from 'leaflet';
import { useEffect } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap, DEFAULT_CENTER, MARKER_ICON } from '../../shared/map/base-map';
import { formatCoordinate } from './location-form-values';
import { t } from '../../i18n';

export interface LatLng {
  lat: number;
  lng: number;
}

interface Props {
  value: LatLng | null;
  onChange: (value: LatLng) => void;
  error?: string | null;
  height?: number;
  /** A place set from outside the map (a CEP looked up): each new one, the map zooms to it. */
  focus?: LatLng | null;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Clicking the map puts the pin there. */
function ClickToPlace({ onChange }: { onChange: (value: LatLng) => void }) {
  useMapEvents({ click: (e) => onChange({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) }) });
  return null;
}

/** Zooms to a pin placed from outside the map (a CEP looked up); a pin moved on the map stays where it is seen. */
function FollowPin({ focus }: { focus: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.setView([focus.lat, focus.lng], Math.max(map.getZoom(), 16));
  }, [map, focus]);
  return null;
}

/** The store's place: a draggable 25 × 41 pin on the base map; clicking the map moves it there. */
export function LocationMapField({ value, onChange, error, height = 360, focus = null }: Props) {
  const center = value ? ([value.lat, value.lng] as [number, number]) : DEFAULT_CENTER;
  return (
    <Stack gap={6}>
      <BaseMap label={t('locations.form.mapLabel')} center={center} zoom={value ? 15 : 11} height={height}>
        <ClickToPlace onChange={onChange} />
        <FollowPin focus={focus} />
        {value && (
          <Marker
            position={[value.lat, value.lng]}
            icon={MARKER_ICON}
            draggable
            title={t('locations.form.pin')}
            eventHandlers={{
              dragend: (e: LeafletEvent) => {
                const at = (e.target as LeafletMarker).getLatLng();
                onChange({ lat: round(at.lat), lng: round(at.lng) });
              },
            }}
          />
        )}
      </BaseMap>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {value ? t('locations.form.mapHintPlaced') : t('locations.form.mapHintEmpty')}
        </Text>
        <Text size="sm" data-testid="location-coordinates" ff="monospace">
          {value ? `${t('locations.form.lat')} ${formatCoordinate(value.lat)} · ${t('locations.form.lng')} ${formatCoordinate(value.lng)}` : t('locations.form.noPin')}
        </Text>
      </Group>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
