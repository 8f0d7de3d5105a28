/** Only the digits of a typed value. */
export const onlyDigits = (text: string): string => text.replace(/\D/g, '');

/** "12.345.678/0001-90" as it is typed: only digits, punctuated, at most 14. */
export function formatCnpj(text: string): string {
  const d = onlyDigits(text).slice(0, 14);
  if (d.length <= 2) return d;
  if (d.length <= 5) return `${d.slice(0, 2)}.${d.slice(2)}`;
  if (d.length <= 8) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5)}`;
  if (d.length <= 12) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8)}`;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** "05422-001" as it is typed: at most 8 digits. */
export function formatCep(text: string): string {
  const d = onlyDigits(text).slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

/** A CEP with its 8 digits: the moment to look it up. */
export const isCompleteCep = (text: string): boolean => onlyDigits(text).length === 8;

/**
 * A Brazilian phone as it is typed: "(11) 3456-7890" (landline, 10 digits) or "(11) 91234-5678"
 * (mobile, 11 digits).
 */
export function formatPhone(text: string): string {
  const d = onlyDigits(text).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  if (rest.length <= 4) return `${area}${rest}`;
  const split = d.length === 11 ? 5 : 4;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}
