import { GROCERY_MENU, INDUSTRY_MENU, WHITE_LABEL_RETAIL_MEDIA_MENU, type MenuItem } from './menu-config';

export interface MenuContext {
  accountType: 'grocery' | 'industry' | 'white_label';
  whiteLabelVariant: 'retail_media' | 'grocery' | null;
  retailMediaRole: 'none' | 'publisher' | 'advertiser' | 'both';
  isNetwork: boolean;
  isPlatformOperator: boolean;
  /** Module and submodule ids granted to the user in the current account. */
  moduleIds: Set<number>;
}

function visible(item: MenuItem, ctx: MenuContext, whiteLabel: boolean): boolean {
  if (item.moduleId !== undefined && !ctx.moduleIds.has(item.moduleId)) return false;
  if (whiteLabel && ctx.whiteLabelVariant === 'grocery' && !item.whiteLabel) return false;
  if (item.networkOnly && !ctx.isNetwork) return false;
  if (item.advertiserOnly && ctx.retailMediaRole !== 'advertiser' && ctx.retailMediaRole !== 'both') return false;
  if (item.publisherOnly && ctx.retailMediaRole !== 'publisher' && ctx.retailMediaRole !== 'both') return false;
  if (item.operatorOnly && (whiteLabel || !ctx.isPlatformOperator)) return false;
  return true;
}

function filter(items: MenuItem[], ctx: MenuContext, whiteLabel: boolean): MenuItem[] {
  return items.flatMap((item) => {
    if (!visible(item, ctx, whiteLabel)) return [];
    if (!item.children) return [item];
    const children = filter(item.children, ctx, whiteLabel);
    return children.length ? [{ ...item, children }] : [];
  });
}

/** The menu for an account type, its white-label variant, role flags and granted modules. */
export function buildMenu(ctx: MenuContext): MenuItem[] {
  if (ctx.accountType === 'industry') return filter(INDUSTRY_MENU, ctx, false);
  if (ctx.accountType === 'white_label') {
    return filter(ctx.whiteLabelVariant === 'grocery' ? GROCERY_MENU : WHITE_LABEL_RETAIL_MEDIA_MENU, ctx, true);
  }
  return filter(GROCERY_MENU, ctx, false);
}
