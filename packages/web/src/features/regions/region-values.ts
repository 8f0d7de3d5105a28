import { schemaResolver } from '@mantine/form';
import { UpdateRegionBody } from '@backoffice/contracts';
import type { Geometry } from './region-geometry';
import type { RegionBody } from './api';

/** The form's fields (the polygon is edited on the map); money in reais, as the API takes it. */
export interface RegionFormValues {
  name: string;
  delivery_fee: number | string;
  min_order_value: number | string;
  estimated_delivery_minutes: number | string;
  active: boolean;
}

export interface RegionFields {
  name: string;
  delivery_fee: number;
  min_order_value: number;
  estimated_delivery_minutes: number;
  active: boolean;
}

export const emptyRegionValues = (): RegionFormValues => ({ name: '', delivery_fee: '', min_order_value: '', estimated_delivery_minutes: 60, active: true });

export const regionToValues = (r: RegionFields): RegionFormValues => ({
  name: r.name,
  delivery_fee: r.delivery_fee,
  min_order_value: r.min_order_value,
  estimated_delivery_minutes: r.estimated_delivery_minutes,
  active: r.active,
});

// An emptied number field is a missing value (the contract says "obrigatório"), not zero.
const num = (v: number | string): number => (typeof v === 'number' ? v : v.trim() === '' ? (undefined as unknown as number) : Number(v));

const fieldsOf = (values: RegionFormValues) => ({
  name: values.name,
  delivery_fee: num(values.delivery_fee),
  min_order_value: num(values.min_order_value),
  estimated_delivery_minutes: num(values.estimated_delivery_minutes),
  active: values.active,
});

/** The body the API takes, from the form and the polygon drawn. */
export const valuesToBody = (values: RegionFormValues, locationId: number, geometry: Geometry): RegionBody => ({
  location_id: locationId,
  ...fieldsOf(values),
  name: values.name.trim(),
  geometry,
});

// The contract's own rules on the fields (the geometry is checked apart, as it is drawn).
const checkFields = schemaResolver(UpdateRegionBody.omit({ geometry: true }), { sync: true });

/** The contract's messages, at the form's fields. */
export function validateRegionValues(values: RegionFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(checkFields(fieldsOf(values)))) errors[path.split('.')[0] ?? path] ??= String(message);
  return errors;
}
