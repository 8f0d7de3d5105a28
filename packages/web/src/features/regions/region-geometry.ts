import L, { type LatLngBoundsExpression, type LatLngExpression } from 'leaflet';
import { regionGeometryIssues, type GeometryProblem } from '@backoffice/contracts';

/** A region's geometry as the API answers it and the map edits it: GeoJSON, [lng, lat] positions. */
export type Geometry = { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
import { t } from '../../i18n';

/** Leaflet's nested [lat, lng] arrays for a GeoJSON polygon or multipolygon ([lng, lat]). */
export function geometryLatLngs(geometry: Geometry): L.LatLng[][] | L.LatLng[][][] {
  return geometry.type === 'Polygon'
    ? (L.GeoJSON.coordsToLatLngs(geometry.coordinates, 1) as L.LatLng[][])
    : (L.GeoJSON.coordsToLatLngs(geometry.coordinates, 2) as L.LatLng[][][]);
}

/** The GeoJSON geometry of a drawn or edited polygon layer: closed rings, [lng, lat], 6 decimals (~10 cm). */
export function layerGeometry(layer: L.Polygon): Geometry {
  return layer.toGeoJSON(6).geometry as Geometry;
}

/** Half the smallest box shown, in degrees (about 1 km). */
const MIN_SPAN = 0.01;

/** The box around every given geometry (and points), for fitting the map; undefined when there is nothing. */
export function boundsOf(geometries: Geometry[], points: LatLngExpression[] = []): LatLngBoundsExpression | undefined {
  const bounds = L.latLngBounds([]);
  for (const g of geometries) bounds.extend(L.polygon(geometryLatLngs(g)).getBounds());
  for (const p of points) bounds.extend(p);
  if (!bounds.isValid()) return undefined;
  // A lone pin is a box of no size: Leaflet would zoom in without end (no tile layer sets a maximum).
  const centre = bounds.getCenter();
  bounds.extend([centre.lat - MIN_SPAN, centre.lng - MIN_SPAN]).extend([centre.lat + MIN_SPAN, centre.lng + MIN_SPAN]);
  return bounds;
}

const PROBLEM_ORDER: GeometryProblem[] = ['invalid_shape', 'invalid_coordinate', 'ring_too_short', 'ring_not_closed', 'outside_brazil', 'self_intersecting'];

/** What is wrong with a drawn geometry, in Portuguese, one message per kind of problem (the API's rules). */
export function geometryMessages(geometry: unknown): string[] {
  const problems = new Set(regionGeometryIssues(geometry).map((i) => i.problem));
  return PROBLEM_ORDER.filter((p) => problems.has(p)).map((p) => t(`regions.geometry.${p}`));
}
