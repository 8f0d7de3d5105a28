import { formatCpf, formatPhone } from '@backoffice/contracts';
import { isVehicleType, vehicleLabel } from './operator-labels';
import { formatPlate } from './operator-masks';
import { t } from '../../i18n';

/** An operator's stores by name, alphabetically; "Nenhuma loja" when there is none. */
export function formatStores(locations: Array<{ name: string }>): string {
  if (locations.length === 0) return t('operators.noStores');
  return locations
    .map((l) => l.name)
    .sort((a, b) => a.localeCompare(b, 'pt-BR'))
    .join(', ');
}

/** "Moto · ABC-1234", "Bicicleta", or null when there is no vehicle. */
export function formatVehicle(vehicle: { type: string; plate: string | null } | null | undefined): string | null {
  if (!vehicle) return null;
  const type = isVehicleType(vehicle.type) ? vehicleLabel(vehicle.type) : vehicle.type;
  return vehicle.plate ? `${type} · ${formatPlate(vehicle.plate)}` : type;
}

/** 12345678909 → 123.456.789-09; +5511987654321 → (11) 98765-4321. */
export const showCpf = (cpf: string | null | undefined) => (cpf ? formatCpf(cpf) : null);
export const showPhone = (phone: string | null | undefined) => (phone ? formatPhone(phone) : null);
