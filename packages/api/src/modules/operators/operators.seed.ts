import type { OperatorRole, VehicleType } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';

/** A CPF from its first 9 digits: the two check digits appended. */
export function cpfFrom(base: string): string {
  let digits = base;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    digits += String(rest === 10 ? 0 : rest);
  }
  return digits;
}

interface SeedOperator {
  name: string;
  cpfBase: string;
  phone: string | null;
  email: string | null;
  role: OperatorRole;
  vehicle?: { type: VehicleType; plate: string | null };
  active?: boolean;
  /** Store names (the catalogue's). */
  stores: string[];
}

/** Store workers per account slug: pickers, deliverers with their vehicles and a manager per store. */
const OPERATORS: Record<string, SeedOperator[]> = {
  'supermercado-bom-preco': [
    { name: 'Mariana Ferreira da Silva', cpfBase: '418273605', phone: '+5511987231456', email: 'mariana.ferreira@bompreco.com.br', role: 'picker', stores: ['Bom Preço Pinheiros'] },
    { name: 'João Pedro Oliveira', cpfBase: '372615948', phone: '+5511976548123', email: null, role: 'picker', stores: ['Bom Preço Pinheiros'] },
    {
      name: 'Rafael Souza Santos', cpfBase: '503918274', phone: '+5511965432781', email: 'rafael.entregas@gmail.com', role: 'deliverer',
      vehicle: { type: 'motorcycle', plate: 'FQB2G41' }, stores: ['Bom Preço Pinheiros'],
    },
    { name: 'Patrícia Gomes Ribeiro', cpfBase: '286401537', phone: '+5511998712345', email: 'patricia.ribeiro@bompreco.com.br', role: 'manager', stores: ['Bom Preço Pinheiros'] },
    { name: 'Letícia Araújo Barbosa', cpfBase: '615284039', phone: '+5511954327810', email: null, role: 'picker', stores: ['Bom Preço Moema'] },
    {
      name: 'Thiago Carvalho Mendes', cpfBase: '734106258', phone: '+5511943218765', email: 'thiago.mendes@outlook.com', role: 'deliverer',
      vehicle: { type: 'car', plate: 'EZT4821' }, stores: ['Bom Preço Moema', 'Bom Preço Pinheiros'],
    },
    {
      name: 'Gustavo Henrique Lopes', cpfBase: '820537164', phone: '+5511932187654', email: null, role: 'deliverer',
      vehicle: { type: 'bicycle', plate: null }, stores: ['Bom Preço Moema'],
    },
    { name: 'Camila Nogueira Pires', cpfBase: '157392046', phone: '+5511921876543', email: 'camila.pires@bompreco.com.br', role: 'manager', stores: ['Bom Preço Moema'] },
    { name: 'Bruna Cristina Teixeira', cpfBase: '948260317', phone: '+5511919876234', email: null, role: 'picker', stores: ['Bom Preço Tatuapé'] },
    { name: 'Diego Ramos Cardoso', cpfBase: '261847503', phone: '+5511908765123', email: null, role: 'picker', active: false, stores: ['Bom Preço Tatuapé'] },
    {
      name: 'Lucas Almeida Rocha', cpfBase: '390572816', phone: '+5511987650912', email: 'lucas.rocha@bompreco.com.br', role: 'deliverer',
      vehicle: { type: 'van', plate: 'GHJ1C34' }, stores: ['Bom Preço Tatuapé'],
    },
    { name: 'Fernanda Moura Castro', cpfBase: '472913658', phone: '+5511976509128', email: 'fernanda.castro@bompreco.com.br', role: 'manager', stores: ['Bom Preço Tatuapé'] },
  ],
  'bom-preco-atacado': [
    { name: 'Anderson Luiz Martins', cpfBase: '583026194', phone: '+5511965098712', email: null, role: 'picker', stores: ['Atacado Guarulhos'] },
    {
      name: 'Renata Batista Freitas', cpfBase: '619430285', phone: '+5511954098127', email: 'renata.freitas@atacadobompreco.com.br', role: 'deliverer',
      vehicle: { type: 'motorcycle', plate: 'DKR7709' }, stores: ['Atacado Guarulhos'],
    },
  ],
};

/** The demo store workers of Bom Preço (Pinheiros, Moema, Tatuapé) and Atacado (Guarulhos). Idempotent: operators by CPF. */
export const operatorsSeed: ModuleSeed = { name: 'operators', seed: (db, { accountIds }) => seedOperators(db, accountIds) };

async function seedOperators(db: Db, accountIds: Map<string, number>): Promise<void> {
  for (const [slug, operators] of Object.entries(OPERATORS)) {
    const accountId = accountIds.get(slug)!;
    const stores = new Map((await db.location.findMany({ where: { accountId }, select: { id: true, name: true } })).map((l) => [l.name, l.id]));
    for (const { cpfBase, stores: names, vehicle, active, ...o } of operators) {
      const cpf = cpfFrom(cpfBase);
      if (await db.operator.findFirst({ where: { accountId, cpf }, select: { id: true } })) continue;
      const locationIds = names.map((n) => stores.get(n)).filter((id): id is number => id !== undefined);
      if (!locationIds.length) continue;
      await db.operator.create({
        data: {
          ...o,
          accountId,
          cpf,
          active: active ?? true,
          ...(vehicle ? { vehicle } : {}),
          locations: { create: locationIds.map((locationId) => ({ locationId })) },
        },
      });
    }
  }
}
