/** Input masks of the operator form: what is typed is kept as digits, shown in the Brazilian format. */

export const onlyDigits = (text: string): string => text.replace(/\D/g, '');

/** A CPF as typed so far: 000.000.000-00 (at most 11 digits). */
export function maskCpf(text: string): string {
  const d = onlyDigits(text).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * A Brazilian phone as typed so far, with its area code: (11) 3456-7890 (landline, 10 digits)
 * or (11) 98765-4321 (mobile, 11 digits).
 */
export function maskPhone(text: string): string {
  const d = onlyDigits(text).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  if (rest.length <= 4) return `${area}${rest}`;
  // Mobile numbers (11 digits) split 5-4; landlines (10 digits, and while typing) split 4-4.
  const head = d.length === 11 ? 5 : 4;
  return `${area}${rest.slice(0, head)}-${rest.slice(head)}`;
}

/** A vehicle plate as typed: upper case letters and digits only (ABC1234, or Mercosul ABC1D23), at most 7. */
export const normalizePlate = (text: string): string =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 7);

/** A plate for reading: the old pattern with its hyphen (ABC-1234), Mercosul plates as they are (ABC1D23). */
export function formatPlate(plate: string): string {
  const p = normalizePlate(plate);
  return /^[A-Z]{3}\d{4}$/.test(p) ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}
