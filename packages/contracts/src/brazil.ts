import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * Brazilian identifiers, one definition each: CPF, CNPJ (check digits), CEP, phones (stored in
 * E.164) and the 27 federative units. Stores, operators and customers read them from here.
 */

/** The 27 federative units of Brazil. */
export const BRAZILIAN_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

export const onlyDigits = (v: string): string => v.replace(/\D/g, '');

/** Whether 11 digits (punctuation ignored) are a CPF: not one repeated digit, both check digits right. */
export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(d[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** 12345678909 → 123.456.789-09 (anything else as it is). */
export function formatCpf(value: string): string {
  const d = onlyDigits(value);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : value;
}

/** Whether 14 digits are a CNPJ: both check digits right (modulo 11, weights 5…2 9…2 and 6…2 9…2), not one repeated digit. */
export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (len: number) => {
    let sum = 0;
    let weight = len - 7;
    for (let i = 0; i < len; i++) {
      sum += Number(digits[i]) * weight--;
      if (weight < 2) weight = 9;
    }
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13]);
}

/** 00.000.000/0000-00 */
export const formatCnpj = (digits: string): string => digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
/** 00000-000 */
export const formatZipCode = (v: string): string => onlyDigits(v).replace(/^(\d{5})(\d{3})$/, '$1-$2');

/**
 * A Brazilian phone number in E.164 (+55 DDD number), or null when it is not one: a mobile (DDD + 9 +
 * 8 digits) or a landline (DDD + 2–5 + 7 digits), written with or without +55, spaces, dots, dashes
 * and parentheses.
 */
export function brazilianPhone(value: string): string | null {
  const v = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(v)) return null;
  let d = onlyDigits(v);
  if (v.startsWith('+')) {
    if (!d.startsWith('55')) return null;
    d = d.slice(2);
  } else if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  if (!/^[1-9]{2}(9\d{8}|[2-5]\d{7})$/.test(d)) return null;
  return `+55${d}`;
}

/** +5511987654321 → (11) 98765-4321; +551134567890 → (11) 3456-7890 (anything else as it is). */
export function formatPhone(value: string): string {
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(value);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : value;
}

/** A CPF with or without its punctuation; travels on as its 11 digits. */
export const Cpf = z
  .string()
  .trim()
  .regex(/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/, { message: msg('CPF_FORMAT') })
  .refine(isValidCpf, { message: msg('CPF_CHECK_DIGITS') })
  .transform(onlyDigits)
  .meta({ description: 'CPF com ou sem pontuação (123.456.789-09); guardado e devolvido só com os dígitos.' });

/** A CNPJ with or without its punctuation; travels on as its 14 digits. */
export const Cnpj = z
  .string()
  .trim()
  .regex(/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/, { message: msg('CNPJ_FORMAT') })
  .transform(onlyDigits)
  .refine(isValidCnpj, { message: msg('CNPJ_CHECK_DIGITS') })
  .meta({ description: 'CNPJ com ou sem pontuação (00.000.000/0000-00); guardado e devolvido só com os 14 dígitos.' });

/** A CEP with or without its hyphen; travels on as 00000-000. */
export const ZipCode = z
  .string()
  .trim()
  .regex(/^\d{5}-?\d{3}$/, { message: msg('ZIP_CODE_FORMAT') })
  .transform(formatZipCode)
  .meta({ description: 'CEP com 8 dígitos (00000-000 ou 00000000); devolvido como 00000-000.' });

/** A Brazilian landline or mobile with its area code (DDD); travels on in E.164. */
export const Phone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => brazilianPhone(v) !== null, { message: msg('PHONE_FORMAT') })
  .transform((v) => brazilianPhone(v)!)
  .meta({ description: 'Telefone brasileiro com DDD: (11) 3456-7890, (11) 98765-4321, 11987654321 ou +5511987654321; guardado e devolvido em E.164.' });
