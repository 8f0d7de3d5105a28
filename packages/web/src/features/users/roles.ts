import { ROLES, type Role } from '@backoffice/contracts';
import { t } from '../../i18n';

export const roleLabel = (role: Role) => t(`users.roles.${role}`);

/** The roles as select options, with their Portuguese labels. */
export const roleOptions = () => ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

export const isRole = (value: string | null): value is Role => ROLES.includes(value as Role);
