import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import L, { type LatLngBoundsExpression } from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { geometryLatLngs, layerGeometry, type Geometry } from './region-geometry';

/** Hands the Leaflet map to the page (its buttons start geoman's drawing). */
export function MapHandle({ onMap }: { onMap: (map: L.Map | null) => void }) {
  const map = useMap();
  useEffect(() => {
    onMap(map);
    return () => onMap(null);
  }, [map, onMap]);
  return null;
}

/** Fits the map to `bounds` whenever `fitKey` changes (MapContainer reads its bounds only once). */
export function FitBounds({ bounds, fitKey }: { bounds: LatLngBoundsExpression | undefined; fitKey: string }) {
  const map = useMap();
  const fit = useEffectEvent(() => {
    if (bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15, animate: false });
  });
  useEffect(() => fit(), [map, fitKey]);
  return null;
}

/** Clicks on the map (not on a shape or pin), as [lat, lng]. */
export function MapClicks({ onClick }: { onClick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onClick(e.latlng.lat, e.latlng.lng) });
  return null;
}

/**
 * geoman's draw toolbar (polygon and rectangle) while `enabled`; each finished shape is handed to
 * `onDrawn` as GeoJSON and taken off the map (the page shows it as the draft being edited).
 */
export function DrawControls({ enabled, color, onDrawn }: { enabled: boolean; color: string; onDrawn: (geometry: Geometry) => void }) {
  const map = useMap();
  const drawn = useEffectEvent(onDrawn);
  useEffect(() => {
    map.pm.setLang('pt_br');
    if (!enabled) return;
    map.pm.addControls({
      position: 'topleft',
      drawPolygon: true,
      drawRectangle: true,
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawCircle: false,
      drawText: false,
      editMode: false,
      dragMode: false,
      cutPolygon: false,
      removalMode: false,
      rotateMode: false,
    });
    map.pm.setPathOptions({ color, fillColor: color, fillOpacity: 0.2, weight: 3 });
    const created = (e: { layer: L.Layer }) => {
      const layer = e.layer as L.Polygon;
      const geometry = layerGeometry(layer);
      layer.remove();
      drawn(geometry);
    };
    map.on('pm:create', created);
    return () => {
      map.off('pm:create', created);
      map.pm.disableDraw();
      map.pm.removeControls();
    };
  }, [map, enabled, color]);
  return null;
}

/**
 * The region being created or edited: its vertices draggable with geoman (drag a vertex, drag a
 * midpoint to add one, right-click a vertex to remove it). Rebuilt only when `draftKey` changes, so
 * the edits in progress are not reset by the page's re-renders.
 */
export function DraftPolygon({ draftKey, geometry, color, onChange }: { draftKey: string; geometry: Geometry; color: string; onChange: (geometry: Geometry) => void }) {
  const map = useMap();
  const initial = useEffectEvent(() => geometry);
  const changedTo = useEffectEvent(onChange);
  useEffect(() => {
    const layer = L.polygon(geometryLatLngs(initial()), { color, fillColor: color, fillOpacity: 0.3, weight: 3, dashArray: '6 4' });
    layer.addTo(map);
    layer.pm.enable({ allowSelfIntersection: true, snappable: false, draggable: true });
    const changed = () => changedTo(layerGeometry(layer));
    layer.on('pm:edit', changed);
    return () => {
      layer.off('pm:edit', changed);
      layer.pm.disable();
      layer.remove();
    };
  }, [map, draftKey, color]);
  return null;
}
