import { describe, expect, it } from 'vitest';
import { boundingBox, regionContains, regionGeometryIssues, type Position, type RegionGeometry } from '@backoffice/contracts';

/** A square of Pinheiros, São Paulo, closed, counter-clockwise. */
const pinheiros: Position[] = [
  [-46.7, -23.57],
  [-46.68, -23.57],
  [-46.68, -23.55],
  [-46.7, -23.55],
  [-46.7, -23.57],
];
/** A smaller square inside it (a hole: a street market the deliverers cannot reach). */
const feira: Position[] = [
  [-46.695, -23.565],
  [-46.695, -23.56],
  [-46.69, -23.56],
  [-46.69, -23.565],
  [-46.695, -23.565],
];
/** A square of Vila Mariana, apart from Pinheiros. */
const vilaMariana: Position[] = [
  [-46.645, -23.595],
  [-46.625, -23.595],
  [-46.625, -23.575],
  [-46.645, -23.575],
  [-46.645, -23.595],
];

describe('a delivery region geometry', () => {
  it('takes a closed polygon of at least 4 positions in Brazil, holes and multipolygons included', () => {
    expect(regionGeometryIssues({ type: 'Polygon', coordinates: [pinheiros] })).toEqual([]);
    expect(regionGeometryIssues({ type: 'Polygon', coordinates: [pinheiros, feira] })).toEqual([]);
    expect(regionGeometryIssues({ type: 'MultiPolygon', coordinates: [[pinheiros], [vilaMariana]] })).toEqual([]);
    // Fernando de Noronha is Brazil too.
    const noronha: Position[] = [[-32.45, -3.86], [-32.4, -3.86], [-32.4, -3.83], [-32.45, -3.86]];
    expect(regionGeometryIssues({ type: 'Polygon', coordinates: [noronha] })).toEqual([]);
  });

  it('names the part at fault: too few positions, an open ring, crossing edges, a position outside Brazil or not a position', () => {
    expect(regionGeometryIssues({ type: 'Polygon', coordinates: [pinheiros.slice(0, 2).concat([pinheiros[0]!])] })).toEqual([
      { path: ['coordinates', 0], problem: 'ring_too_short' },
    ]);
    expect(regionGeometryIssues({ type: 'Polygon', coordinates: [pinheiros.slice(0, 4)] })).toEqual([{ path: ['coordinates', 0], problem: 'ring_not_closed' }]);
    const bowTie: Position[] = [[-46.7, -23.57], [-46.68, -23.55], [-46.68, -23.57], [-46.7, -23.55], [-46.7, -23.57]];
    expect(regionGeometryIssues({ type: 'Polygon', coordinates: [bowTie] })).toEqual([{ path: ['coordinates'], problem: 'self_intersecting' }]);
    const lisboa: Position = [-9.14, 38.72];
    expect(regionGeometryIssues({ type: 'MultiPolygon', coordinates: [[pinheiros], [[...vilaMariana.slice(0, 2), lisboa, ...vilaMariana.slice(2)]]] })).toEqual([
      { path: ['coordinates', 1, 0, 2], problem: 'outside_brazil' },
    ]);
    expect(regionGeometryIssues({ type: 'Polygon', coordinates: [[...pinheiros.slice(0, 2), ['-46.6', -23.5], ...pinheiros.slice(2)]] })).toEqual([
      { path: ['coordinates', 0, 2], problem: 'invalid_coordinate' },
    ]);
    expect(regionGeometryIssues({ type: 'Point', coordinates: [-46.7, -23.57] })).toEqual([{ path: ['type'], problem: 'invalid_shape' }]);
    expect(regionGeometryIssues({ type: 'Polygon', coordinates: [] })).toEqual([{ path: ['coordinates'], problem: 'invalid_shape' }]);
    expect(regionGeometryIssues(null)).toEqual([{ path: [], problem: 'invalid_shape' }]);
  });

  it('serves the points inside its outer rings and outside its holes; an edge counts as inside', () => {
    const region: RegionGeometry = { type: 'MultiPolygon', coordinates: [[pinheiros, feira], [vilaMariana]] };
    expect(regionContains(region, { lat: -23.552, lng: -46.698 })).toBe(true);
    expect(regionContains(region, { lat: -23.5625, lng: -46.6925 })).toBe(false);
    expect(regionContains(region, { lat: -23.585, lng: -46.635 })).toBe(true);
    expect(regionContains(region, { lat: -23.58, lng: -46.66 })).toBe(false);
    expect(regionContains(region, { lat: -23.56, lng: -46.68 })).toBe(true);
  });

  it('has the bounding box the SQL prefilter reads', () => {
    expect(boundingBox({ type: 'MultiPolygon', coordinates: [[pinheiros, feira], [vilaMariana]] })).toEqual({ west: -46.7, south: -23.595, east: -46.625, north: -23.55 });
  });
});
