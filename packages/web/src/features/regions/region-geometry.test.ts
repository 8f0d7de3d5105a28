import { describe, expect, it } from 'vitest';
import L from 'leaflet';
import { boundsOf, geometryLatLngs, geometryMessages, layerGeometry, type Geometry } from './region-geometry';

const square: Geometry = {
  type: 'Polygon',
  coordinates: [[[-46.7, -23.6], [-46.6, -23.6], [-46.6, -23.5], [-46.7, -23.5], [-46.7, -23.6]]],
};

describe('region geometry on the map', () => {
  it('goes to Leaflet and back as the same closed GeoJSON ring', () => {
    const layer = L.polygon(geometryLatLngs(square) as L.LatLng[][]);
    expect(layerGeometry(layer)).toEqual(square);
  });

  it('names each problem once, in Portuguese, with the API’s rules', () => {
    const bowTie: Geometry = { type: 'Polygon', coordinates: [[[-46.7, -23.6], [-46.6, -23.5], [-46.6, -23.6], [-46.7, -23.5], [-46.7, -23.6]]] };
    expect(geometryMessages(square)).toEqual([]);
    expect(geometryMessages(bowTie)).toEqual([expect.stringContaining('se cruzam')]);
    const lisbon: Geometry = { type: 'Polygon', coordinates: [[[-9.2, 38.7], [-9.1, 38.7], [-9.1, 38.8], [-9.2, 38.7]]] };
    expect(geometryMessages(lisbon)).toEqual([expect.stringContaining('dentro do Brasil')]);
  });

  it('gives a lone pin a box of about 2 km, and nothing a box of nothing', () => {
    const box = boundsOf([], [[-23.5, -46.6]]) as L.LatLngBounds;
    expect(box.getNorth() - box.getSouth()).toBeCloseTo(0.02);
    expect(boundsOf([])).toBeUndefined();
    expect((boundsOf([square]) as L.LatLngBounds).getWest()).toBeCloseTo(-46.7);
  });
});
