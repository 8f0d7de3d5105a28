import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { multiPolygon, point, polygon } from '@turf/helpers';
import kinks from '@turf/kinks';

/**
 * The geometry of a delivery region (issue 19): a GeoJSON Polygon or MultiPolygon, coordinates as
 * [longitude, latitude]. What a store's staff draws on the map is checked here before it is stored,
 * and the regions serving a point are found with it (a bounding box first, in SQL; then exactly).
 */
export type Position = [lng: number, lat: number];
export type RegionGeometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };

/** Brazil, islands included (Fernando de Noronha, Trindade and Martim Vaz, São Pedro e São Paulo), with a small margin. */
export const BRAZIL_BOUNDS = { west: -74.1, south: -33.9, east: -28.6, north: 5.4 } as const;

export type GeometryProblem = 'invalid_shape' | 'invalid_coordinate' | 'outside_brazil' | 'ring_too_short' | 'ring_not_closed' | 'self_intersecting';

/** A problem of a geometry, at the path of the part that has it (relative to the geometry: `coordinates.0.3`). */
export interface GeometryIssue {
  path: Array<string | number>;
  problem: GeometryProblem;
}

export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The issues of one ring: positions in Brazil, at least 4, the last equal to the first. */
function ringIssues(ring: unknown, path: Array<string | number>): GeometryIssue[] {
  if (!Array.isArray(ring)) return [{ path, problem: 'invalid_shape' }];
  const issues: GeometryIssue[] = [];
  ring.forEach((p: unknown, i) => {
    if (!Array.isArray(p) || p.length < 2 || p.length > 3 || !p.every(isNumber)) issues.push({ path: [...path, i], problem: 'invalid_coordinate' });
    else if (!inBounds(p as Position, BRAZIL_BOUNDS)) issues.push({ path: [...path, i], problem: 'outside_brazil' });
  });
  if (issues.length) return issues;
  const positions = ring as Position[];
  if (positions.length < 4) return [{ path, problem: 'ring_too_short' }];
  const [first, last] = [positions[0]!, positions[positions.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) return [{ path, problem: 'ring_not_closed' }];
  return [];
}

const inBounds = ([lng, lat]: Position, box: BoundingBox) => lng >= box.west && lng <= box.east && lat >= box.south && lat <= box.north;

/** The issues of one polygon (its rings), then, once each ring is well formed, whether its edges cross. */
function polygonIssues(rings: unknown, path: Array<string | number>): GeometryIssue[] {
  if (!Array.isArray(rings) || rings.length === 0) return [{ path, problem: 'invalid_shape' }];
  const issues = rings.flatMap((ring, i) => ringIssues(ring, [...path, i]));
  if (issues.length) return issues;
  // kinks: every point where two edges of the polygon (any of its rings) cross or touch.
  return kinks(polygon(rings as Position[][])).features.length ? [{ path, problem: 'self_intersecting' }] : [];
}

/** Every issue of a geometry a client sent; none means it is a RegionGeometry. */
export function regionGeometryIssues(geometry: unknown): GeometryIssue[] {
  if (typeof geometry !== 'object' || geometry === null) return [{ path: [], problem: 'invalid_shape' }];
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type === 'Polygon') return polygonIssues(coordinates, ['coordinates']);
  if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0) return [{ path: ['coordinates'], problem: 'invalid_shape' }];
    return coordinates.flatMap((rings, i) => polygonIssues(rings, ['coordinates', i]));
  }
  return [{ path: ['type'], problem: 'invalid_shape' }];
}

/** The smallest box holding a geometry (the SQL prefilter of the regions serving a point). */
export function boundingBox(geometry: RegionGeometry): BoundingBox {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const rings of polygons)
    for (const ring of rings)
      for (const [lng, lat] of ring) {
        box.west = Math.min(box.west, lng);
        box.east = Math.max(box.east, lng);
        box.south = Math.min(box.south, lat);
        box.north = Math.max(box.north, lat);
      }
  return box;
}

/** Whether a region serves a point: inside its outer ring and outside its holes (a point on an edge counts as inside). */
export function regionContains(geometry: RegionGeometry, at: { lat: number; lng: number }): boolean {
  if (!inBounds([at.lng, at.lat], boundingBox(geometry))) return false;
  const where = point([at.lng, at.lat]);
  return geometry.type === 'Polygon'
    ? booleanPointInPolygon(where, polygon(geometry.coordinates))
    : booleanPointInPolygon(where, multiPolygon(geometry.coordinates));
}
