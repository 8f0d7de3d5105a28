import type { z } from 'zod';
import type { BrazilianState, UpdateCustomerBody } from '@backoffice/contracts';
import { maskCep, maskCpf, maskPhone, onlyDigits } from '../../shared/ui/br-masks';

/** One address as the form holds it: the CEP masked, a local key for React and the remove button. */
export interface AddressFormValues {
  key: string;
  /** The saved address's id (absent for one added in this form). */
  id?: number;
  label: string;
  zip_code: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  /** '' until one is chosen. */
  state: string;
  is_default: boolean;
}

/** The customer form's fields: CPF and phone as shown (masked), blanks as ''. */
export interface CustomerFormValues {
  name: string;
  description: string;
  cpf: string;
  phone: string;
  email: string;
  /** YYYY-MM-DD, or '' when not given. */
  birth_date: string;
  seller_id: string;
  tags: string[];
  opt_in: boolean;
  addresses: AddressFormValues[];
}

/** The address fields the form is filled from (as the API answers them). */
export interface AddressSource {
  id: number;
  label: string | null;
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string | null;
  city: string;
  state: string;
  is_default: boolean;
}

/** The customer fields the form is filled from (as the API answers them). */
export interface CustomerSource {
  name: string;
  description: string | null;
  cpf: string | null;
  /** E.164: +5511987654321. */
  phone: string | null;
  email: string | null;
  birth_date: string | null;
  seller_id: string | null;
  tags: string[];
  opt_in: boolean;
  addresses: AddressSource[];
}

/**
 * The body of POST /api/customer (PUT adds the customer's id). An address's id, on a PUT, changes that
 * address rather than adding a copy; a new customer's addresses have none.
 */
export type CustomerBody = Omit<z.input<typeof UpdateCustomerBody>, 'id'>;

let nextKey = 0;
const newKey = () => `address-${++nextKey}`;

/** A blank address; the first one a customer has is the default. */
export function emptyAddress(isDefault: boolean): AddressFormValues {
  return { key: newKey(), label: '', zip_code: '', street: '', number: '', complement: '', neighborhood: '', city: '', state: '', is_default: isDefault };
}

export function emptyCustomerValues(): CustomerFormValues {
  return { name: '', description: '', cpf: '', phone: '', email: '', birth_date: '', seller_id: '', tags: [], opt_in: false, addresses: [] };
}

/** The API's E.164 phone (+5511987654321) as the national digits the mask shows. */
export const nationalPhone = (phone: string) => onlyDigits(phone).replace(/^55(?=\d{10,11}$)/, '');

/**
 * A typed phone in E.164: (11) 98765-4321 → +5511987654321. Whatever was typed travels on as +55 and
 * its digits, so an incomplete number is reported by the contract at the phone field; blank → null.
 */
export function phoneToE164(masked: string): string | null {
  const digits = onlyDigits(masked);
  return digits ? `+55${digits}` : null;
}

export function customerToValues(customer: CustomerSource): CustomerFormValues {
  return {
    name: customer.name,
    description: customer.description ?? '',
    cpf: maskCpf(customer.cpf ?? ''),
    phone: maskPhone(nationalPhone(customer.phone ?? '')),
    email: customer.email ?? '',
    birth_date: customer.birth_date?.slice(0, 10) ?? '',
    seller_id: customer.seller_id ?? '',
    tags: [...customer.tags],
    opt_in: customer.opt_in,
    addresses: customer.addresses.map((a) => ({
      key: newKey(),
      id: a.id,
      label: a.label ?? '',
      zip_code: maskCep(a.zip_code),
      street: a.street,
      number: a.number,
      complement: a.complement ?? '',
      neighborhood: a.neighborhood ?? '',
      city: a.city,
      // An unchosen UF stays '' so the contract's schema reports it at its field.
      state: a.state as BrazilianState,
      is_default: a.is_default,
    })),
  };
}

const blankToNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The API body: CPF as its digits, the phone in E.164, blanks as null, tags trimmed and once each. */
export function valuesToBody(values: CustomerFormValues): CustomerBody {
  const cpf = onlyDigits(values.cpf);
  return {
    name: values.name.trim(),
    description: blankToNull(values.description),
    cpf: cpf || null,
    phone: phoneToE164(values.phone),
    email: blankToNull(values.email.toLowerCase()),
    birth_date: values.birth_date || null,
    seller_id: blankToNull(values.seller_id),
    tags: [...new Set(values.tags.map((tag) => tag.trim()).filter(Boolean))],
    opt_in: values.opt_in,
    addresses: values.addresses.map((a) => ({
      ...(a.id ? { id: a.id } : {}),
      label: blankToNull(a.label),
      zip_code: a.zip_code.trim(),
      street: a.street.trim(),
      number: a.number.trim(),
      complement: blankToNull(a.complement),
      neighborhood: blankToNull(a.neighborhood),
      city: a.city.trim(),
      // An unchosen UF stays '' so the contract's schema reports it at its field.
      state: a.state as BrazilianState,
      is_default: a.is_default,
    })),
  };
}

/** Only one default address: choosing one unchooses the others; removing the default passes it to the first left. */
export function setDefaultAddress(addresses: AddressFormValues[], key: string): AddressFormValues[] {
  return addresses.map((a) => ({ ...a, is_default: a.key === key }));
}

export function removeAddress(addresses: AddressFormValues[], key: string): AddressFormValues[] {
  const left = addresses.filter((a) => a.key !== key);
  if (left.length > 0 && !left.some((a) => a.is_default)) left[0] = { ...left[0]!, is_default: true };
  return left;
}

/**
 * Where an error at a body path (the contract's, or the server's 400/409 details) shows in the form:
 * `addresses.0.zip_code` is the form's own path, `addresses` (a rule over the list) the list's.
 */
export function bodyPathToField(path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'addresses' && parts.length >= 3) return parts.slice(0, 3).join('.');
  return parts[0] ?? path;
}

/** The field a 409 duplicate names: its details' field, else the field its code or message speaks of. */
export function conflictField(code: string, message: string, details?: Array<{ field: string }>): 'cpf' | 'phone' | 'email' | null {
  const named = details?.[0]?.field;
  if (named === 'cpf' || named === 'phone' || named === 'email') return named;
  const text = `${code} ${message}`.toLowerCase();
  if (text.includes('cpf')) return 'cpf';
  if (text.includes('phone') || text.includes('telefone')) return 'phone';
  if (text.includes('email') || text.includes('e-mail')) return 'email';
  return null;
}
