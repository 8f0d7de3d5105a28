import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import L, { type LatLngBoundsExpression, type LatLngExpression } from 'leaflet';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerIcon2xUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import type { ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer } from 'react-leaflet';
import { appInfoQuery } from '../account/queries';
import classes from './base-map.module.css';

/** The standard Leaflet pin: 25 × 41 px, its tip on the point (spec §9). */
export const MARKER_ICON = L.icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIcon2xUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});
// Markers created without an icon (geoman's, for one) use the same pin, from the bundle rather than a guessed path.
L.Marker.prototype.options.icon = MARKER_ICON;

/** São Paulo, where the demo stores are: the view before anything is placed. */
export const DEFAULT_CENTER: LatLngExpression = [-23.5505, -46.6333];

interface BaseMapProps {
  center?: LatLngExpression;
  zoom?: number;
  bounds?: LatLngBoundsExpression;
  /** CSS height of the map; default 420 px. */
  height?: number | string;
  children?: ReactNode;
  /** Names the map for screen readers and tests. */
  label: string;
}

/**
 * A Leaflet map with the account's tile server (`MAP_TILE_URL`, served by /app-info) under it, or a
 * plain grid background when there is none: shapes, pins and editing work the same either way.
 */
export function BaseMap({ center = DEFAULT_CENTER, zoom = 12, bounds, height = 420, children, label }: BaseMapProps) {
  const info = useQuery(appInfoQuery);
  const tiles = info.data?.map;
  return (
    <div className={classes.frame} style={{ height }} role="region" aria-label={label}>
      <MapContainer
        center={bounds ? undefined : center}
        zoom={bounds ? undefined : zoom}
        bounds={bounds}
        className={tiles?.tile_url ? classes.map : `${classes.map} ${classes.blank}`}
        attributionControl={false}
        // Without tiles Leaflet knows no maximum zoom: fitting a single point would zoom without end.
        maxZoom={19}
        scrollWheelZoom
      >
        {tiles?.tile_url ? (
          <>
            <TileLayer url={tiles.tile_url} attribution={tiles.attribution ?? undefined} />
            <AttributionControl prefix={false} />
          </>
        ) : null}
        {children}
      </MapContainer>
    </div>
  );
}
