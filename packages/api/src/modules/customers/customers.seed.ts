import { regionContains, type RegionGeometry } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { foldText } from '../../lib/like.ts';
import { STREETS, type GazetteerStreet } from '../geocoding/gazetteer-data.ts';
import { cpfFrom } from '../operators/operators.seed.ts';

const FIRST_NAMES = [
  'Ana', 'Maria', 'Juliana', 'Fernanda', 'Patrícia', 'Aline', 'Camila', 'Bruna', 'Amanda', 'Letícia', 'Larissa', 'Gabriela', 'Beatriz',
  'Mariana', 'Renata', 'Vanessa', 'Luciana', 'Cláudia', 'Sandra', 'Adriana', 'Tatiane', 'Débora', 'Raquel', 'Helena', 'Sofia', 'Alice',
  'Cecília', 'Lúcia', 'Márcia', 'Rosângela', 'José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz',
  'Marcos', 'Luís', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Rodrigo', 'Gustavo', 'Thiago', 'André',
  'Fábio', 'Leonardo', 'Ricardo', 'Sérgio', 'Vinícius', 'Matheus', 'Diego', 'Henrique', 'Otávio', 'Caio', 'Igor', 'Murilo',
];
const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins',
  'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira',
  'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Pinto',
  'Moura', 'Cavalcanti', 'Monteiro', 'Batista', 'Correia', 'Campos', 'Azevedo', 'Castro', 'Nogueira', 'Pires', 'Siqueira', 'Tavares',
  'Fonseca', 'Sampaio', 'Xavier', 'Brandão', 'Queiroz', 'Vasconcelos',
];
const MAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br', 'terra.com.br'];
const COMPLEMENTS = [null, null, null, 'Apto 12', 'Apto 34', 'Apto 101', 'Apto 152', 'Bloco B, apto 23', 'Casa 2', 'Fundos', 'Sala 4'];
const DESCRIPTIONS = [
  'Prefere entrega no fim da tarde.',
  'Portaria 24 h: pode deixar com o porteiro.',
  'Cliente desde a inauguração da loja.',
  'Compra para o restaurante da família.',
  'Pede sempre banana mais verde.',
  'Alérgica a amendoim: conferir substituições.',
];

interface SeedPlan {
  /** How many customers, and how many days back their registrations spread. */
  count: number;
  days: number;
  /** Where they live: the gazetteer's streets of these cities. */
  cities: string[];
  /** Seeds of the CPF and phone sequences (different per account: each account has its own people). */
  cpfStart: number;
  phoneStart: number;
}

const PLANS: Record<string, SeedPlan> = {
  'supermercado-bom-preco': { count: 300, days: 90, cities: ['São Paulo'], cpfStart: 123_456_789, phoneStart: 34_567_891 },
  'bom-preco-atacado': { count: 15, days: 90, cities: ['Guarulhos'], cpfStart: 987_654_321, phoneStart: 71_234_567 },
};

/** A small deterministic generator (mulberry32): the same people on every fresh database. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!, chance: (p: number) => next() < p };
}

/** The i-th CPF of a sequence (a multiplier prime to 10⁹ keeps them distinct), never one repeated digit. */
function cpfAt(start: number, i: number): string {
  for (let k = i; ; k += 1_000_003) {
    const base = String((start + k * 104_729) % 1_000_000_000).padStart(9, '0');
    if (!/^(\d)\1{8}$/.test(base)) return cpfFrom(base);
  }
}

/** The i-th mobile of a sequence: +55 11 9XXXX-XXXX, distinct for distinct i. */
const phoneAt = (start: number, i: number) => `+55119${String((start + i * 102_953) % 100_000_000).padStart(8, '0')}`;

interface Serving {
  locationId: number;
  regionId: number;
}

/**
 * The store that serves a point, as the regions service answers it (active regions containing it,
 * cheapest, then quickest, then by store name): precomputed here from the gazetteer's point, so
 * seeding asks no geocoder.
 */
async function servingOf(db: Db, accountId: number) {
  const regions = await db.deliveryRegion.findMany({
    where: { accountId, active: true, location: { active: true } },
    select: { id: true, locationId: true, geometry: true, deliveryFeeCents: true, etaMinutes: true, location: { select: { name: true } } },
  });
  regions.sort(
    (a, b) =>
      Number(a.deliveryFeeCents - b.deliveryFeeCents) || a.etaMinutes - b.etaMinutes || a.location.name.localeCompare(b.location.name, 'pt-BR') || a.id - b.id,
  );
  return (s: GazetteerStreet): Serving | null => {
    const r = regions.find((x) => regionContains(x.geometry as RegionGeometry, { lat: s.lat, lng: s.lng }));
    return r ? { locationId: r.locationId, regionId: r.id } : null;
  };
}

/**
 * Realistic customers per account: valid CPFs, São Paulo mobiles, e-mails, birth dates, tags (vip,
 * atacado, app), opt-in for about half, registered over the last 90 days, living on the gazetteer's
 * streets (most inside a delivery region, so they have a serving store; some outside). Runs before
 * the shopping-carts seed. Idempotent: customers by CPF; one batch of inserts per table.
 */
export const customersSeed: ModuleSeed = {
  name: 'customers',
  async seed(db, { accountIds }) {
    for (const [slug, plan] of Object.entries(PLANS)) {
      const accountId = accountIds.get(slug);
      if (accountId !== undefined) await seedAccount(db, accountId, plan);
    }
  },
};

async function seedAccount(db: Db, accountId: number, plan: SeedPlan) {
  const existing = new Set(
    (await db.customer.findMany({ where: { accountId, cpf: { not: null } }, select: { cpf: true } })).map((c) => c.cpf!),
  );
  const serving = await servingOf(db, accountId);
  const streets = STREETS.filter((s) => plan.cities.includes(s.city));
  const served = streets.filter((s) => serving(s));
  const unserved = streets.filter((s) => !serving(s));
  const rnd = random(plan.cpfStart);
  const now = Date.now();

  const people = Array.from({ length: plan.count }, (_, i) => {
    const first = rnd.pick(FIRST_NAMES);
    const middle = rnd.chance(0.5) ? ` ${rnd.pick(SURNAMES)}` : '';
    const last = rnd.pick(SURNAMES);
    const name = `${first}${middle} ${last}`;
    const createdAt = new Date(now - Math.floor(rnd.next() * plan.days * 86_400_000));
    const optIn = rnd.chance(0.55);
    const tags = [...(rnd.chance(0.1) ? ['vip'] : []), ...(rnd.chance(0.08) ? ['atacado'] : []), ...(rnd.chance(0.35) ? ['app'] : [])];
    const user = foldText(`${first}.${last}`).replace(/[^a-z.]/g, '');
    const homes = [rnd.chance(0.9) || !unserved.length ? rnd.pick(served.length ? served : streets) : rnd.pick(unserved)];
    if (rnd.chance(0.15)) homes.push(rnd.pick(streets));
    return {
      customer: {
        accountId,
        name,
        description: rnd.chance(0.12) ? rnd.pick(DESCRIPTIONS) : null,
        cpf: cpfAt(plan.cpfStart, i),
        phone: phoneAt(plan.phoneStart, i),
        email: rnd.chance(0.75) ? `${user}${rnd.chance(0.5) ? Math.floor(rnd.next() * 90 + 10) : ''}.${i}@${rnd.pick(MAIL_DOMAINS)}` : null,
        birthDate: rnd.chance(0.6) ? new Date(Date.UTC(1950 + Math.floor(rnd.next() * 55), Math.floor(rnd.next() * 12), 1 + Math.floor(rnd.next() * 28))) : null,
        tags,
        optIn,
        optInAt: optIn ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      },
      addresses: homes.map((s, k) => ({
        label: k === 0 ? rnd.pick(['Casa', 'Casa', null]) : rnd.pick(['Trabalho', 'Casa da mãe', 'Escritório']),
        zipCode: s.zip,
        street: s.street,
        number: String(10 + Math.floor(rnd.next() * 2500)),
        complement: rnd.pick(COMPLEMENTS),
        neighborhood: s.neighborhood,
        city: s.city,
        state: 'SP',
        latitude: s.lat,
        longitude: s.lng,
        locationId: serving(s)?.locationId ?? null,
        regionId: serving(s)?.regionId ?? null,
        isDefault: k === 0,
        createdAt,
        updatedAt: createdAt,
      })),
    };
  }).filter((p) => !existing.has(p.customer.cpf));
  if (!people.length) return;

  const created = await db.customer.createManyAndReturn({ data: people.map((p) => p.customer), select: { id: true, cpf: true } });
  const idByCpf = new Map(created.map((c) => [c.cpf!, c.id]));
  await db.customerAddress.createMany({
    data: people.flatMap((p) => p.addresses.map((a) => ({ ...a, accountId, customerId: idByCpf.get(p.customer.cpf)! }))),
  });
  await db.customerAudit.createMany({
    data: people.map((p) => ({
      accountId,
      customerId: idByCpf.get(p.customer.cpf)!,
      userId: null,
      action: 'create',
      details: { fields: ['name', 'cpf', 'phone', ...(p.customer.email ? ['email'] : []), 'addresses'] },
      createdAt: p.customer.createdAt,
    })),
  });
}
