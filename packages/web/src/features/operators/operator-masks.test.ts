import { describe, expect, it } from 'vitest';
import { formatPlate, normalizePlate } from './operator-masks';
import { maskCpf, maskPhone, onlyDigits } from '../../shared/ui/br-masks';

describe('CPF mask', () => {
  it('formats the digits typed so far', () => {
    expect(maskCpf('')).toBe('');
    expect(maskCpf('123')).toBe('123');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf('1234567')).toBe('123.456.7');
    expect(maskCpf('1234567890')).toBe('123.456.789-0');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
  });

  it('ignores anything but digits and stops at 11 digits', () => {
    expect(maskCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(maskCpf('529a982b24725999')).toBe('529.982.247-25');
    expect(onlyDigits(maskCpf('52998224725'))).toBe('52998224725');
  });
});

describe('phone mask', () => {
  it('puts the area code in parentheses', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('113')).toBe('(11) 3');
    expect(maskPhone('113456')).toBe('(11) 3456');
  });

  it('splits landlines 4-4 and mobiles 5-4', () => {
    expect(maskPhone('1134567')).toBe('(11) 3456-7');
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('+55 (11) 98765-4321')).toBe('(11) 98765-4321');
  });

  it('stops at 11 digits and round-trips its own output', () => {
    expect(maskPhone('119876543210000')).toBe('(11) 98765-4321');
    expect(maskPhone(maskPhone('1134567890'))).toBe('(11) 3456-7890');
  });
});

describe('vehicle plate', () => {
  it('keeps upper-case letters and digits, at most 7', () => {
    expect(normalizePlate('abc-1234')).toBe('ABC1234');
    expect(normalizePlate(' bra 2e19 ')).toBe('BRA2E19');
    expect(normalizePlate('ABC12345')).toBe('ABC1234');
  });

  it('shows old plates with the hyphen and Mercosul plates as they are', () => {
    expect(formatPlate('abc1234')).toBe('ABC-1234');
    expect(formatPlate('BRA2E19')).toBe('BRA2E19');
  });
});
