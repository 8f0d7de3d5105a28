import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';

type Hours = Array<{ weekday: number; open: string; close: string }>;

/** Monday to Saturday from `open` to `close`; Sunday from `sunday[0]` to `sunday[1]` (none: closed). */
const week = (open: string, close: string, sunday?: [string, string]): Hours => [
  ...(sunday ? [{ weekday: 0, open: sunday[0], close: sunday[1] }] : []),
  ...[1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open, close })),
];

/** What a store record has beyond the catalogue seed's name and address, by the store's external id. */
const DETAILS: Record<string, Record<string, { sellerId: string; document: string; phone: string; complement: string | null; deliveryType: string; openingHours: Hours; pickingCapacity: number | null }>> = {
  'supermercado-bom-preco': {
    LJ001: { sellerId: 'bompreco-pinheiros', document: '45678123000114', phone: '+551130311200', complement: null, deliveryType: 'both', openingHours: week('07:00', '23:00', ['08:00', '20:00']), pickingCapacity: 40 },
    LJ002: { sellerId: 'bompreco-moema', document: '45678123000203', phone: '+551150512500', complement: 'Térreo', deliveryType: 'both', openingHours: week('07:00', '22:00', ['08:00', '20:00']), pickingCapacity: 35 },
    LJ003: { sellerId: 'bompreco-tatuape', document: '45678123000386', phone: '+551120931800', complement: null, deliveryType: 'both', openingHours: week('07:00', '22:00', ['08:00', '18:00']), pickingCapacity: 30 },
    LJ004: { sellerId: 'bompreco-santana', document: '45678123000467', phone: '+551129503100', complement: null, deliveryType: 'pickup', openingHours: week('08:00', '21:00', ['08:00', '14:00']), pickingCapacity: 20 },
    LJ005: { sellerId: 'bompreco-campinas', document: '45678123000548', phone: '+551932520900', complement: 'Loja 1', deliveryType: 'delivery', openingHours: week('08:00', '22:00'), pickingCapacity: 25 },
    LJ006: { sellerId: 'bompreco-santo-andre', document: '45678123000629', phone: '+551149940450', complement: null, deliveryType: 'both', openingHours: week('08:00', '21:00'), pickingCapacity: null },
  },
  'bom-preco-atacado': {
    AT01: { sellerId: 'atacado-guarulhos', document: '78901234000105', phone: '+551124362250', complement: 'Galpão 3', deliveryType: 'both', openingHours: week('06:00', '22:00', ['07:00', '18:00']), pickingCapacity: 60 },
    AT02: { sellerId: 'atacado-osasco', document: '78901234000288', phone: '+551136824000', complement: null, deliveryType: 'pickup', openingHours: week('06:00', '22:00'), pickingCapacity: 50 },
  },
};

/** Fills the demo stores' CNPJ, phone, seller id, hours, delivery types and picking capacity; a store that has a CNPJ is left as it is. */
export const locationsSeed: ModuleSeed = {
  name: 'locations',
  async seed(db: Db, { accountIds }) {
    for (const [slug, stores] of Object.entries(DETAILS)) {
      const accountId = accountIds.get(slug)!;
      for (const [externalId, d] of Object.entries(stores)) {
        await db.location.updateMany({ where: { accountId, externalId, document: null }, data: d });
      }
    }
  },
};
