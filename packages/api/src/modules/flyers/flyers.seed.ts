import type { Db } from '../../db/client.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import type { ModuleSeed } from '../../lib/module.ts';

const DAY = 86_400_000;

/** Demo flyers of Supermercado Bom Preço, one per status, dated around the day the seed runs. */
function demoFlyers(now: Date) {
  const day = (offset: number) => businessDate(new Date(now.getTime() + offset * DAY));
  const period = (from: number, to: number) => ({ startAt: startOfBusinessDay(day(from)), endAt: endOfBusinessDay(day(to)) });
  return [
    {
      name: 'Encarte Semanal de Ofertas', ...period(-2, 5), message: 'Ofertas da semana em todas as lojas Bom Preço!\nVálido enquanto durarem os estoques.',
      mediaUrl: '/brand/flyers/encarte-semanal.svg', mediaType: 'image/svg+xml', mediaName: 'encarte-semanal.svg',
    },
    {
      name: 'Festival do Churrasco', ...period(4, 12), message: 'Carnes selecionadas com preços especiais para o fim de semana.',
      mediaUrl: '/brand/flyers/festival-churrasco.svg', mediaType: 'image/svg+xml', mediaName: 'festival-churrasco.svg',
    },
    {
      name: 'Black Friday Bom Preço', ...period(-6, 8), message: 'Black Friday com até 50% de desconto.', active: false, disabledAt: new Date(now.getTime() - DAY),
      mediaUrl: '/brand/flyers/black-friday.svg', mediaType: 'image/svg+xml', mediaName: 'black-friday.svg',
    },
    {
      name: 'Hortifrúti da Estação', ...period(-25, -10), message: 'Frutas e verduras da estação com o melhor preço.',
      mediaUrl: '/brand/flyers/hortifruti.svg', mediaType: 'image/svg+xml', mediaName: 'hortifruti.svg',
    },
  ];
}

/** Supermercado Bom Preço's flyers, in some of its stores (the catalogue's). Idempotent: flyers by name. */
export const flyersSeed: ModuleSeed = { name: 'flyers', seed: (db, { accountIds }) => seedFlyers(db, accountIds) };

async function seedFlyers(db: Db, accountIds: Map<string, number>): Promise<void> {
  const accountId = accountIds.get('supermercado-bom-preco')!;
  const locations = await db.location.findMany({ where: { accountId, active: true }, select: { id: true }, orderBy: { id: 'asc' } });
  for (const [i, f] of demoFlyers(new Date()).entries()) {
    if (await db.flyer.findFirst({ where: { accountId, name: f.name }, select: { id: true } })) continue;
    // The first flyer runs in every store (empty list); the others in a few.
    const locationIds = i === 0 ? [] : locations.slice(0, 2 + i).map((l) => l.id);
    await db.flyer.create({ data: { ...f, accountId, locationIds } });
  }
}
