/**
 * Input masks of Brazilian identifiers, applied as the user types: what is kept is the digits, shown
 * punctuated. The contracts (@backoffice/contracts brazil.ts) validate and store them.
 */

/** Only the digits of a typed value. */
export const onlyDigits = (text: string): string => text.replace(/\D/g, '');

/** A CPF as typed so far: 000.000.000-00 (at most 11 digits). */
export function maskCpf(text: string): string {
  const d = onlyDigits(text).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** A CNPJ as typed so far: 12.345.678/0001-90 (at most 14 digits). */
export function maskCnpj(text: string): string {
  const d = onlyDigits(text).slice(0, 14);
  if (d.length <= 2) return d;
  if (d.length <= 5) return `${d.slice(0, 2)}.${d.slice(2)}`;
  if (d.length <= 8) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5)}`;
  if (d.length <= 12) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8)}`;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** A CEP as typed so far: 05422-001 (at most 8 digits). */
export function maskCep(text: string): string {
  const d = onlyDigits(text).slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

/** A CEP with its 8 digits: the moment to look it up. */
export const isCompleteCep = (text: string): boolean => onlyDigits(text).length === 8;

/**
 * A Brazilian phone as typed so far, with its area code: (11) 3456-7890 (landline, 10 digits) or
 * (11) 98765-4321 (mobile, 11 digits). A number in E.164 (+55…) loses its country code first.
 */
export function maskPhone(text: string): string {
  const d = onlyDigits(text.trim().startsWith('+55') ? text.trim().slice(3) : text).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  if (rest.length <= 4) return `${area}${rest}`;
  // Mobile numbers (11 digits) split 5-4; landlines (10 digits, and while typing) split 4-4.
  const head = d.length === 11 ? 5 : 4;
  return `${area}${rest.slice(0, head)}-${rest.slice(head)}`;
}
