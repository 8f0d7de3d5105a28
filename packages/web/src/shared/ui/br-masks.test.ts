import { describe, expect, it } from 'vitest';
import { maskCep, maskCnpj, maskPhone, isCompleteCep, onlyDigits } from './br-masks';

describe('CNPJ mask', () => {
  it('punctuates as it is typed', () => {
    expect(maskCnpj('1')).toBe('1');
    expect(maskCnpj('123')).toBe('12.3');
    expect(maskCnpj('123456')).toBe('12.345.6');
    expect(maskCnpj('123456780')).toBe('12.345.678/0');
    expect(maskCnpj('1234567800019')).toBe('12.345.678/0001-9');
    expect(maskCnpj('12345678000190')).toBe('12.345.678/0001-90');
  });

  it('keeps only 14 digits, whatever is pasted', () => {
    expect(maskCnpj('12.345.678/0001-90 99')).toBe('12.345.678/0001-90');
    expect(maskCnpj('abc')).toBe('');
  });
});

describe('CEP mask', () => {
  it('punctuates after the fifth digit and stops at eight', () => {
    expect(maskCep('05422')).toBe('05422');
    expect(maskCep('054220')).toBe('05422-0');
    expect(maskCep('05422001')).toBe('05422-001');
    expect(maskCep('05422-0019')).toBe('05422-001');
  });

  it('is complete with eight digits, punctuated or not', () => {
    expect(isCompleteCep('05422-001')).toBe(true);
    expect(isCompleteCep('05422001')).toBe(true);
    expect(isCompleteCep('05422-00')).toBe(false);
  });
});

describe('phone mask', () => {
  it('writes landlines with 4 + 4 digits and mobiles with 5 + 4', () => {
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('11912345678')).toBe('(11) 91234-5678');
  });

  it('follows a number being typed', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('113')).toBe('(11) 3');
    expect(maskPhone('113456')).toBe('(11) 3456');
    expect(maskPhone('1134567')).toBe('(11) 3456-7');
  });

  it('reads only digits', () => {
    expect(onlyDigits('+55 (11) 3456-7890')).toBe('551134567890');
  });
});
