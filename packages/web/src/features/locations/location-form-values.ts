import type { z } from 'zod';
import type { CreateLocationBody, DeliveryType, Location } from '@backoffice/contracts';
import { maskCep, maskCnpj, maskPhone, onlyDigits } from '../../shared/ui/br-masks';

/** One weekday of the form: its switch and times (kept while closed, so reopening restores them). */
export interface OpeningDay {
  /** 0 = Sunday … 6 = Saturday, as the API stores it. */
  weekday: number;
  open: boolean;
  opens: string;
  closes: string;
}

/** Monday first, as on a shop door. */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export interface LocationFormValues {
  name: string;
  seller_id: string;
  /** CNPJ as typed, punctuated. */
  cnpj: string;
  phone: string;
  zip_code: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  delivery_type: DeliveryType;
  opening_hours: OpeningDay[];
  picking_capacity: number | string;
  active: boolean;
}

/** The store fields the form is filled from (the API's record). */
export type LocationSource = Pick<z.output<typeof Location>, 'name' | 'seller_id' | 'cnpj' | 'phone' | 'address' | 'latitude' | 'longitude' | 'delivery_type' | 'opening_hours' | 'picking_capacity' | 'active'>;

/** What the API receives on create (and, with `id`, on update). */
export type LocationBody = z.input<typeof CreateLocationBody>;

const DEFAULT_OPENS = '08:00';
const DEFAULT_CLOSES = '22:00';

/** A new store: open every day 08:00–22:00, delivery and pickup, active. */
export function emptyLocationValues(): LocationFormValues {
  return {
    name: '',
    seller_id: '',
    cnpj: '',
    phone: '',
    zip_code: '',
    street: '',
    number: '',
    complement: '',
    neighborhood: '',
    city: '',
    state: '',
    latitude: null,
    longitude: null,
    delivery_type: 'both',
    opening_hours: WEEKDAY_ORDER.map((weekday) => ({ weekday, open: true, opens: DEFAULT_OPENS, closes: DEFAULT_CLOSES })),
    picking_capacity: '',
    active: true,
  };
}

/** "HH:MM" of a time input's value (which may carry seconds). */
const hhmm = (time: string) => time.slice(0, 5);

export function locationToValues(location: LocationSource): LocationFormValues {
  const hours = new Map(location.opening_hours.map((h) => [h.weekday, h]));
  const address = location.address;
  return {
    name: location.name,
    seller_id: location.seller_id ?? '',
    cnpj: maskCnpj(location.cnpj ?? ''),
    phone: maskPhone(location.phone ?? ''),
    zip_code: maskCep(address.zip_code ?? ''),
    street: address.street ?? '',
    number: address.number ?? '',
    complement: address.complement ?? '',
    neighborhood: address.neighborhood ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    latitude: location.latitude,
    longitude: location.longitude,
    delivery_type: location.delivery_type,
    opening_hours: WEEKDAY_ORDER.map((weekday) => {
      const day = hours.get(weekday);
      return day ? { weekday, open: true, opens: hhmm(day.open), closes: hhmm(day.close) } : { weekday, open: false, opens: DEFAULT_OPENS, closes: DEFAULT_CLOSES };
    }),
    picking_capacity: location.picking_capacity ?? '',
    active: location.active,
  };
}

const text = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The API body: trimmed text, blanks of optional fields as null, open days only (Sunday first).
 * A store without its pin sends NaN coordinates (null in JSON): the form stops it before, saying so.
 */
export function valuesToBody(values: LocationFormValues): LocationBody {
  const capacity = typeof values.picking_capacity === 'number' ? values.picking_capacity : Number.parseInt(onlyDigits(values.picking_capacity), 10);
  return {
    name: values.name.trim(),
    seller_id: text(values.seller_id),
    cnpj: values.cnpj.trim(),
    phone: values.phone.trim(),
    address: {
      zip_code: values.zip_code.trim(),
      street: values.street.trim(),
      number: values.number.trim(),
      complement: text(values.complement),
      neighborhood: values.neighborhood.trim(),
      city: values.city.trim(),
      state: values.state.trim().toUpperCase() as LocationBody['address']['state'],
    },
    latitude: values.latitude ?? Number.NaN,
    longitude: values.longitude ?? Number.NaN,
    delivery_type: values.delivery_type,
    opening_hours: values.opening_hours
      .filter((d) => d.open)
      .map((d) => ({ weekday: d.weekday, open: hhmm(d.opens), close: hhmm(d.closes) }))
      .sort((a, b) => a.weekday - b.weekday),
    picking_capacity: Number.isFinite(capacity) ? capacity : null,
    active: values.active,
  };
}

/** A coordinate with six decimals and a decimal comma, as Brazilians read it. */
export const formatCoordinate = (n: number): string => n.toFixed(6).replace('.', ',');

/**
 * Where an error of the body is shown in the form: `address.street` at the street, `opening_hours.2.close`
 * at the row of that day.
 */
export function bodyPathToField(path: string, body: LocationBody): string {
  const [head, second] = path.split('.');
  if (head === 'address' && second) return second;
  if (head === 'opening_hours' && second !== undefined) {
    const day = body.opening_hours?.[Number(second)];
    return day ? `opening_hours_day.${day.weekday}` : 'opening_hours';
  }
  return head ?? path;
}
