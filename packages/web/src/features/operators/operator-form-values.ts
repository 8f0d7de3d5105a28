import type { z } from 'zod';
import { PLATED_VEHICLES, type CreateOperatorBody } from '@backoffice/contracts';
import { isVehicleType, type OperatorRole, type VehicleType } from './operator-labels';
import { normalizePlate } from './operator-masks';
import { maskCpf, maskPhone, onlyDigits } from '../../shared/ui/br-masks';

/** The form's fields: CPF and phone as shown (masked), the vehicle split into its type and plate. */
export interface OperatorFormValues {
  name: string;
  cpf: string;
  phone: string;
  email: string;
  /** '' until one is chosen. */
  role: OperatorRole | '';
  location_ids: number[];
  vehicle_type: VehicleType | '';
  vehicle_plate: string;
  active: boolean;
}

/** The operator fields the form is filled from (as the API answers them). */
export interface OperatorSource {
  name: string;
  cpf: string;
  /** E.164: +5511987654321. */
  phone: string | null;
  email: string | null;
  role: OperatorRole;
  location_ids: number[];
  vehicle: { type: VehicleType; plate: string | null } | null;
  active: boolean;
}

export type OperatorBody = z.input<typeof CreateOperatorBody>;

/** A new operator: active, in the store the list was filtered by (if any). */
export function emptyOperatorValues(locationId?: number): OperatorFormValues {
  return {
    name: '',
    cpf: '',
    phone: '',
    email: '',
    role: '',
    location_ids: locationId ? [locationId] : [],
    vehicle_type: '',
    vehicle_plate: '',
    active: true,
  };
}

/** The API's E.164 phone (+5511987654321) as the national digits the mask shows. */
const nationalPhone = (phone: string) => onlyDigits(phone).replace(/^55(?=\d{10,11}$)/, '');

export function operatorToValues(operator: OperatorSource): OperatorFormValues {
  return {
    name: operator.name,
    cpf: maskCpf(operator.cpf),
    phone: maskPhone(nationalPhone(operator.phone ?? '')),
    email: operator.email ?? '',
    role: operator.role,
    location_ids: [...operator.location_ids],
    vehicle_type: isVehicleType(operator.vehicle?.type) ? operator.vehicle.type : '',
    vehicle_plate: normalizePlate(operator.vehicle?.plate ?? ''),
    active: operator.active,
  };
}

/** Whether the vehicle type takes a plate (a bicycle does not). */
export const takesPlate = (type: VehicleType | '') => type === '' || PLATED_VEHICLES.includes(type);

const blankToNull = (text: string): string | null => (text === '' ? null : text);

/**
 * The API body: CPF and phone as digits, blanks as null, and a vehicle only for deliverers (a
 * picker or manager never keeps one chosen before the role changed; a bicycle never keeps a plate).
 * An unchosen role or vehicle type stays '' so the contract's schema reports it at its field.
 */
export function valuesToBody(values: OperatorFormValues): OperatorBody {
  const deliverer = values.role === 'deliverer';
  return {
    name: values.name.trim(),
    cpf: onlyDigits(values.cpf),
    phone: blankToNull(onlyDigits(values.phone)),
    email: blankToNull(values.email.trim().toLowerCase()),
    role: values.role as OperatorRole,
    location_ids: [...values.location_ids],
    vehicle: deliverer
      ? { type: values.vehicle_type as VehicleType, plate: takesPlate(values.vehicle_type) ? blankToNull(normalizePlate(values.vehicle_plate)) : null }
      : null,
    active: values.active,
  };
}

/** Where an error at a body path (the contract's or the server's 400 details) is shown in the form. */
export function bodyPathToField(path: string): string {
  if (path === 'vehicle' || path === 'vehicle.type') return 'vehicle_type';
  if (path === 'vehicle.plate') return 'vehicle_plate';
  return path.split('.')[0] ?? path;
}
