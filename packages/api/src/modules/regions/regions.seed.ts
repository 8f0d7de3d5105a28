import { boundingBox, type Position, type RegionGeometry } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';

interface SeedRegion {
  name: string;
  geometry: RegionGeometry;
  feeCents: number;
  minOrderCents: number;
  etaMinutes: number;
  active?: boolean;
}

const polygon = (...rings: Position[][]): RegionGeometry => ({ type: 'Polygon', coordinates: rings });

/** Pinheiros itself; also the hole of the ring around it. */
const PINHEIROS: Position[] = [
  [-46.704, -23.556], [-46.685, -23.551], [-46.67, -23.558], [-46.672, -23.574], [-46.69, -23.579], [-46.705, -23.57], [-46.704, -23.556],
];

/**
 * Demo delivery areas of the seeded stores in São Paulo and Guarulhos ([longitude, latitude]): each
 * neighbourhood with a low fee, and around it a wider area with a higher one (a ring with a hole, or
 * neighbouring polygons, or a multipolygon of two districts). Around Itaim Bibi the ring of
 * Pinheiros and the Vila Olímpia area of Moema overlap: a point there is served by both stores.
 */
export const DEMO_REGIONS: Record<string, Record<string, SeedRegion[]>> = {
  'supermercado-bom-preco': {
    'Bom Preço Pinheiros': [
      { name: 'Pinheiros', geometry: polygon(PINHEIROS), feeCents: 490, minOrderCents: 5000, etaMinutes: 40 },
      {
        name: 'Entorno de Pinheiros (Vila Madalena, Jardins, Butantã)',
        // The wider ring: its hole is Pinheiros, served by the region above.
        geometry: polygon(
          [[-46.725, -23.54], [-46.685, -23.533], [-46.65, -23.545], [-46.652, -23.59], [-46.69, -23.598], [-46.73, -23.585], [-46.725, -23.54]],
          [...PINHEIROS].reverse(),
        ),
        feeCents: 990,
        minOrderCents: 8000,
        etaMinutes: 60,
      },
    ],
    'Bom Preço Moema': [
      {
        name: 'Moema',
        geometry: polygon([[-46.68, -23.592], [-46.66, -23.588], [-46.648, -23.598], [-46.653, -23.615], [-46.672, -23.618], [-46.683, -23.606], [-46.68, -23.592]]),
        feeCents: 590,
        minOrderCents: 5000,
        etaMinutes: 45,
      },
      {
        name: 'Vila Olímpia e Itaim Bibi',
        // Shares Moema's northern edge.
        geometry: polygon([[-46.695, -23.575], [-46.67, -23.572], [-46.66, -23.588], [-46.68, -23.592], [-46.695, -23.59], [-46.695, -23.575]]),
        feeCents: 890,
        minOrderCents: 7000,
        etaMinutes: 50,
      },
      {
        name: 'Campo Belo',
        geometry: polygon([[-46.683, -23.606], [-46.672, -23.618], [-46.67, -23.635], [-46.69, -23.635], [-46.695, -23.615], [-46.683, -23.606]]),
        feeCents: 1290,
        minOrderCents: 10000,
        etaMinutes: 70,
      },
    ],
    'Bom Preço Tatuapé': [
      {
        name: 'Tatuapé',
        geometry: polygon([[-46.59, -23.53], [-46.565, -23.528], [-46.558, -23.542], [-46.568, -23.553], [-46.588, -23.55], [-46.595, -23.54], [-46.59, -23.53]]),
        feeCents: 490,
        minOrderCents: 4000,
        etaMinutes: 35,
      },
      {
        name: 'Anália Franco e Mooca',
        // Two districts on either side of Tatuapé, one region.
        geometry: {
          type: 'MultiPolygon',
          coordinates: [
            [[[-46.565, -23.554], [-46.55, -23.55], [-46.545, -23.564], [-46.56, -23.568], [-46.565, -23.554]]],
            [[[-46.605, -23.545], [-46.59, -23.552], [-46.592, -23.565], [-46.61, -23.562], [-46.605, -23.545]]],
          ],
        },
        feeCents: 790,
        minOrderCents: 6000,
        etaMinutes: 55,
      },
      {
        name: 'Vila Formosa (suspensa)',
        geometry: polygon([[-46.57, -23.57], [-46.545, -23.57], [-46.545, -23.585], [-46.57, -23.585], [-46.57, -23.57]]),
        feeCents: 1190,
        minOrderCents: 8000,
        etaMinutes: 75,
        active: false,
      },
    ],
  },
  'bom-preco-atacado': {
    'Atacado Guarulhos': [
      {
        name: 'Guarulhos Centro e Cumbica',
        geometry: polygon([[-46.56, -23.435], [-46.51, -23.43], [-46.49, -23.455], [-46.515, -23.475], [-46.555, -23.47], [-46.56, -23.435]]),
        feeCents: 1500,
        minOrderCents: 30000,
        etaMinutes: 90,
      },
      {
        name: 'Vila Galvão e Ponte Grande',
        geometry: polygon([[-46.575, -23.455], [-46.555, -23.47], [-46.56, -23.49], [-46.585, -23.485], [-46.59, -23.465], [-46.575, -23.455]]),
        feeCents: 2500,
        minOrderCents: 40000,
        etaMinutes: 120,
      },
    ],
  },
};

/** The demo regions of the seeded stores (found by name). Idempotent: regions by store and name. */
export const regionsSeed: ModuleSeed = { name: 'regions', seed: (db, { accountIds }) => seedRegions(db, accountIds) };

async function seedRegions(db: Db, accountIds: Map<string, number>): Promise<void> {
  for (const [slug, stores] of Object.entries(DEMO_REGIONS)) {
    const accountId = accountIds.get(slug);
    if (accountId === undefined) continue;
    for (const [storeName, regions] of Object.entries(stores)) {
      const store = await db.location.findFirst({ where: { accountId, name: storeName }, select: { id: true }, orderBy: { id: 'asc' } });
      if (!store) continue;
      const existing = new Set((await db.deliveryRegion.findMany({ where: { accountId, locationId: store.id }, select: { name: true } })).map((r) => r.name));
      const missing = regions.filter((r) => !existing.has(r.name));
      if (!missing.length) continue;
      await db.deliveryRegion.createMany({
        data: missing.map((r) => ({
          accountId,
          locationId: store.id,
          name: r.name,
          geometry: r.geometry,
          ...boundingBox(r.geometry),
          deliveryFeeCents: BigInt(r.feeCents),
          minOrderCents: BigInt(r.minOrderCents),
          etaMinutes: r.etaMinutes,
          active: r.active ?? true,
        })),
      });
    }
  }
}
