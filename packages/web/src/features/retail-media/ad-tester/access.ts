import { grantedModuleIds, type AccessModule } from '../../../shared/account/queries';
import { buildMenu } from '../../../shared/menu/build-menu';
import type { MenuItem } from '../../../shared/menu/menu-config';
import type { Session } from '../../../shared/session/session';

export const TESTER_PATH = '/retail-media/ad-request-tester';

const hasPath = (items: MenuItem[], path: string): boolean => items.some((item) => item.path === path || hasPath(item.children ?? [], path));

/**
 * Whether the session may open the tester: exactly when its menu shows it (module 806, platform
 * operator, not white-label), so the route and the menu never disagree.
 */
export function canUseTester(session: Session, modules: AccessModule[]): boolean {
  const menu = buildMenu({
    accountType: session.account.type,
    whiteLabelVariant: session.account.white_label_variant,
    retailMediaRole: session.account.retail_media_role,
    isNetwork: session.account.is_network,
    isPlatformOperator: session.user.is_platform_operator,
    moduleIds: grantedModuleIds(modules),
  });
  return hasPath(menu, TESTER_PATH);
}
