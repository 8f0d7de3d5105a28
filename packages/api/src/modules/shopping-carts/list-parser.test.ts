import { describe, expect, it } from 'vitest';
import { MAX_UNITS, packSize, parseLine, parseList, toCartUnits } from './list-parser.ts';

const line = (text: string) => {
  const l = parseLine(text);
  return l && { query: l.query, quantity: l.quantity, unit: l.unit };
};

describe('parseLine', () => {
  it.each([
    ['2kg de arroz tio joão', 'arroz tio joão', 2, 'kg'],
    ['6 ovos', 'ovos', 6, 'un'],
    ['leite integral 1L x3', 'leite integral 1L', 3, 'un'],
    ['1 dúzia de ovos', 'ovos', 12, 'un'],
    ['meia dúzia de bananas', 'bananas', 6, 'un'],
    ['dúzia de ovos', 'ovos', 12, 'un'],
    ['1/2 kg de queijo', 'queijo', 0.5, 'kg'],
    ['½ kg de queijo', 'queijo', 0.5, 'kg'],
    ['meio kg de carne moída', 'carne moída', 0.5, 'kg'],
    ['500g de presunto', 'presunto', 500, 'g'],
    ['500 gramas de presunto', 'presunto', 500, 'g'],
    ['3x sabonete', 'sabonete', 3, 'un'],
    ['3 x sabonete', 'sabonete', 3, 'un'],
    ['sabonete x 3', 'sabonete', 3, 'un'],
    ['sabonete 3x', 'sabonete', 3, 'un'],
    ['sabonete 3 un', 'sabonete', 3, 'un'],
    ['2 pct de café', 'café', 2, 'un'],
    ['duas caixas de leite', 'leite', 2, 'un'],
    ['uma lata de milho', 'milho', 1, 'un'],
    ['um abacaxi', 'abacaxi', 1, 'un'],
    ['- arroz', 'arroz', 1, null],
    ['* feijão carioca', 'feijão carioca', 1, null],
    ['• açúcar', 'açúcar', 1, null],
    ['1. arroz', 'arroz', 1, null],
    ['2) 6 ovos', 'ovos', 6, 'un'],
    ['[ ] detergente', 'detergente', 1, null],
    ['1,5 kg de tomate', 'tomate', 1.5, 'kg'],
    ['1.5kg tomate', 'tomate', 1.5, 'kg'],
    ['2 litros de leite', 'leite', 2, 'l'],
    ['500ml de creme de leite', 'creme de leite', 0.5, 'l'],
    ['arroz 5kg', 'arroz 5kg', 5, 'kg'],
    ['2 pct de café x2', 'café', 4, 'un'],
    ['  Arroz   Tio João  ', 'Arroz Tio João', 1, null],
  ])('%s → %s, %s %s', (text, query, quantity, unit) => {
    expect(line(text)).toEqual({ query, quantity, unit });
  });

  it('keeps the line as written in detail, without its bullet', () => {
    expect(parseLine('- 2kg de arroz tio joão')!.detail).toBe('2kg de arroz tio joão');
  });

  it.each(['', '   ', '-', '1.', '2kg', '12', '***'])('skips %j', (text) => {
    expect(parseLine(text)).toBeNull();
  });

  it('caps quantities', () => {
    expect(line('5000 ovos')).toEqual({ query: 'ovos', quantity: MAX_UNITS, unit: 'un' });
    expect(line('900kg de arroz')).toEqual({ query: 'arroz', quantity: 50, unit: 'kg' });
    expect(line('0 ovos')).toEqual({ query: 'ovos', quantity: 1, unit: 'un' });
  });
});

describe('parseList', () => {
  it('reads each line, skips blank ones and merges the same item', () => {
    const list = parseList('2kg de arroz\n\n6 ovos\r\n- feijão\n500g de arroz\n6 ovos\nfeijão\n');
    expect(list.map((l) => [l.query, l.quantity, l.unit])).toEqual([
      ['arroz', 2.5, 'kg'],
      ['ovos', 12, 'un'],
      ['feijão', 2, 'un'],
    ]);
  });

  it('splits a list written on one line with commas, keeping decimal commas', () => {
    const list = parseList('arroz, feijão, 1,5 kg de tomate');
    expect(list.map((l) => [l.query, l.quantity])).toEqual([
      ['arroz', 1],
      ['feijão', 1],
      ['tomate', 1.5],
    ]);
  });

  it('merges ignoring case and accents', () => {
    expect(parseList('Açúcar\nacucar')).toHaveLength(1);
  });
});

describe('toCartUnits', () => {
  const kg = (weightPerUnit: number | null = null) => ({ unitMeasurement: 'kg', sizePack: null, weightPerUnit });
  const pack = (sizePack: string | null) => ({ unitMeasurement: 'un', sizePack, weightPerUnit: null });

  it('takes units of the weight per unit of a kg-sold product (0.5 kg unless it says)', () => {
    expect(toCartUnits({ quantity: 2, unit: 'kg' }, kg())).toBe(4);
    expect(toCartUnits({ quantity: 0.5, unit: 'kg' }, kg())).toBe(1);
    expect(toCartUnits({ quantity: 500, unit: 'g' }, kg(0.2))).toBe(3);
    expect(toCartUnits({ quantity: 0.6, unit: 'kg' }, kg(0.2))).toBe(3);
    expect(toCartUnits({ quantity: 6, unit: 'un' }, kg(0.15))).toBe(6);
    expect(toCartUnits({ quantity: 1, unit: null }, kg())).toBe(1);
  });

  it('takes the packs closest to the amount asked, at least one', () => {
    expect(toCartUnits({ quantity: 2, unit: 'kg' }, pack('1kg'))).toBe(2);
    expect(toCartUnits({ quantity: 2, unit: 'kg' }, pack('5kg'))).toBe(1);
    expect(toCartUnits({ quantity: 10, unit: 'kg' }, pack('5 kg'))).toBe(2);
    expect(toCartUnits({ quantity: 500, unit: 'g' }, pack('250g'))).toBe(2);
    expect(toCartUnits({ quantity: 3, unit: 'l' }, pack('1L'))).toBe(3);
    expect(toCartUnits({ quantity: 2, unit: 'kg' }, pack(null))).toBe(1);
    expect(toCartUnits({ quantity: 2, unit: 'l' }, pack('500g'))).toBe(1);
  });

  it('takes the count otherwise', () => {
    expect(toCartUnits({ quantity: 6, unit: 'un' }, pack('12 unidades'))).toBe(6);
    expect(toCartUnits({ quantity: 1, unit: null }, pack('1kg'))).toBe(1);
  });

  it('reads pack sizes', () => {
    expect(packSize('1kg')).toEqual({ amount: 1, kind: 'weight' });
    expect(packSize('500 g')).toEqual({ amount: 0.5, kind: 'weight' });
    expect(packSize('6 x 1L')).toEqual({ amount: 6, kind: 'volume' });
    expect(packSize('350ml')).toEqual({ amount: 0.35, kind: 'volume' });
    expect(packSize('12 rolos')).toBeNull();
  });
});
