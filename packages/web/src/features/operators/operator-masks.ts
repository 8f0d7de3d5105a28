/** The vehicle plate's input mask and reading format (CPF and phone masks: shared/ui/br-masks). */

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
