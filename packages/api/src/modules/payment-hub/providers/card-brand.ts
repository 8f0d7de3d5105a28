/** The card's brand from its first digits (the brands Brazilian acquirers take). */
export function cardBrand(number: string): string {
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|5090|6277|6362|6363|6504|6505|6516|6550)/.test(number)) return 'elo';
  if (/^(606282|3841)/.test(number)) return 'hipercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'mastercard';
  if (/^4/.test(number)) return 'visa';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  return 'other';
}
