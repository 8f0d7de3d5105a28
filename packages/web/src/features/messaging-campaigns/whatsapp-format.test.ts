import { describe, expect, it } from 'vitest';
import { fillPlaceholders, parseWhatsAppText } from './whatsapp-format';

describe('parseWhatsAppText', () => {
  it('reads bold, italic, strike and mono marks, nested too', () => {
    expect(parseWhatsAppText('Oferta *imperdível* de _verão_ ~antes~ `CUPOM10`')).toEqual([
      { text: 'Oferta ' },
      { text: 'imperdível', bold: true },
      { text: ' de ' },
      { text: 'verão', italic: true },
      { text: ' ' },
      { text: 'antes', strike: true },
      { text: ' ' },
      { text: 'CUPOM10', mono: true },
    ]);
    expect(parseWhatsAppText('*_tudo_ junto*')).toEqual([
      { text: 'tudo', bold: true, italic: true },
      { text: ' junto', bold: true },
    ]);
  });

  it('leaves marks that do not open or close a word as they are', () => {
    expect(parseWhatsAppText('2 * 3 = 6 e a_b')).toEqual([{ text: '2 * 3 = 6 e a_b' }]);
    expect(parseWhatsAppText('*sem fim')).toEqual([{ text: '*sem fim' }]);
    expect(parseWhatsAppText('** vazio')).toEqual([{ text: '** vazio' }]);
  });
});

describe('fillPlaceholders', () => {
  it('fills the variables it has examples for and leaves the others', () => {
    expect(fillPlaceholders('Olá, {{nome}}! Seu cupom é {{1}} ({{pedido}})', { nome: 'Maria', 1: 'VERAO10' })).toBe('Olá, Maria! Seu cupom é VERAO10 ({{pedido}})');
  });
});
