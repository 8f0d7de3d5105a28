import { OPERATOR_ROLES, VEHICLE_TYPES, type OperatorRole, type VehicleType } from '@backoffice/contracts';
import { t } from '../../i18n';

export { OPERATOR_ROLES, VEHICLE_TYPES, type OperatorRole, type VehicleType };

export const isOperatorRole = (v: string | null | undefined): v is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(v ?? '');
export const isVehicleType = (v: string | null | undefined): v is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(v ?? '');

export const ROLE_COLORS: Record<OperatorRole, string> = { picker: 'grape', deliverer: 'orange', manager: 'blue' };

export const roleLabel = (role: OperatorRole) => t(`operators.roles.${role}`);
export const vehicleLabel = (type: VehicleType) => t(`operators.vehicles.${type}`);

export const roleOptions = () => OPERATOR_ROLES.map((value) => ({ value, label: roleLabel(value) }));
export const vehicleOptions = () => VEHICLE_TYPES.map((value) => ({ value, label: vehicleLabel(value) }));
