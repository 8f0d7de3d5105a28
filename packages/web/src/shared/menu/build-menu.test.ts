import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuContext } from './build-menu';
import type { MenuItem } from './menu-config';

// Module ids as seeded (packages/api/src/db/access-modules.ts: a module is `id`, its submodules
// `id * 100 + n`; packages/api/src/modules/accounts/accounts.seed.ts: which account is granted which).
const SUBMODULES: Record<number, number[]> = {
  2: [201, 202, 203],
  3: [301, 302],
  4: [401, 402, 403, 404, 405],
  5: [501, 502],
  6: [601, 602, 603],
  8: [801, 802, 803, 804, 805, 806, 807, 808],
  9: [901, 902, 903, 904],
  11: [1101, 1102, 1103],
  12: [1201, 1202],
  13: [1301, 1302],
};
const withSubmodules = (...ids: number[]) => ids.flatMap((id) => [id, ...(SUBMODULES[id] ?? [])]);

const GROCERY_MODULES = withSubmodules(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
/** "Bom Preço Atacado": a grocery account without retail media. */
const GROCERY_WITHOUT_RM_MODULES = GROCERY_MODULES.filter((id) => id !== 8 && Math.floor(id / 100) !== 8);
// Brands get trade (904) without the rest of promotional (9).
const INDUSTRY_MODULES = [...withSubmodules(1, 8, 17, 18, 19, 20, 15, 16), 904];
const WHITE_LABEL_MODULES = withSubmodules(1, 8, 15, 16);
/** The seeded operator user of the grocery account: only some modules. */
const OPERATOR_USER_MODULES = withSubmodules(1, 2, 3, 4, 7, 12);

const ctx = (over: Partial<Omit<MenuContext, 'moduleIds'>> & { modules: number[] }): MenuContext => ({
  accountType: 'grocery',
  whiteLabelVariant: null,
  retailMediaRole: 'none',
  isNetwork: false,
  isPlatformOperator: false,
  ...over,
  moduleIds: new Set(over.modules),
});

/** Top-level keys of a menu. */
const top = (menu: MenuItem[]) => menu.map((i) => i.key);
/** The keys under one top-level entry (undefined when the entry is not there). */
const under = (menu: MenuItem[], key: string) => menu.find((i) => i.key === key)?.children?.map((c) => c.key);
/** Every key, at any depth. */
const all = (menu: MenuItem[]): string[] => menu.flatMap((i) => [i.key, ...all(i.children ?? [])]);

/** "Supermercado Bom Preço": grocery, publisher and advertiser. */
const bomPreco = (over: Partial<Omit<MenuContext, 'moduleIds'>> & { modules?: number[] } = {}) =>
  ctx({ accountType: 'grocery', retailMediaRole: 'both', modules: GROCERY_MODULES, ...over });

describe('buildMenu: account types', () => {
  it('grocery: the full commerce menu in the spec order, with retail media for a publisher-and-advertiser', () => {
    const menu = buildMenu(bomPreco());
    expect(top(menu)).toEqual([
      'dashboard', 'orders', 'shopping-carts', 'chats', 'analytics', 'messaging', 'products', 'retail-media',
      'promotional', 'locations', 'logistic', 'customers', 'financial', 'operators', 'users', 'config',
    ]);
    expect(under(menu, 'orders')).toEqual([
      'orders-list', 'orders-board', 'orders-dashboard', 'picking-dashboard', 'conversion-dashboard', 'rupture-dashboard',
    ]);
    expect(under(menu, 'chats')).toEqual(['chats-list', 'chats-attendants', 'chats-templates', 'chats-tags', 'chats-bot', 'chats-dashboard', 'chats-attendance']);
    expect(under(menu, 'analytics')).toEqual(['analytics-sales', 'analytics-sellout', 'analytics-customers']);
    expect(under(menu, 'retail-media')).toEqual([
      'rm-campaigns', 'rm-audiences', 'rm-wallets', 'rm-review', 'rm-advertisers', 'rm-publishers', 'rm-reports', 'rm-tv', 'rm-config',
    ]);
    expect(under(menu, 'financial')).toEqual(['payments', 'payment-methods']);
    expect(under(menu, 'config')).toEqual(['profile', 'integration-keys', 'erp-integration']);
  });

  it('grocery without retail-media modules (Bom Preço Atacado): no retail media entry at all', () => {
    const menu = buildMenu(ctx({ accountType: 'grocery', retailMediaRole: 'none', modules: GROCERY_WITHOUT_RM_MODULES }));
    expect(top(menu)).not.toContain('retail-media');
    expect(all(menu).filter((k) => k.startsWith('rm-'))).toEqual([]);
    expect(top(menu)).toContain('orders');
  });

  it('industry (advertiser): retail media, KPI tree, sell-out, stock, consumers, users and config', () => {
    const menu = buildMenu(ctx({ accountType: 'industry', retailMediaRole: 'advertiser', modules: INDUSTRY_MODULES }));
    expect(top(menu)).toEqual(['dashboard', 'retail-media', 'kpi', 'sell-out', 'stock', 'consumers', 'trade', 'users', 'config']);
    expect(under(menu, 'retail-media')).toEqual(['rm-campaigns', 'rm-audiences', 'rm-wallets', 'rm-publishers', 'rm-reports']);
    expect(all(menu)).not.toContain('orders');
  });

  it('white-label retail media (network publisher): only retail media, users and config', () => {
    const menu = buildMenu(
      ctx({ accountType: 'white_label', whiteLabelVariant: 'retail_media', retailMediaRole: 'publisher', isNetwork: true, modules: WHITE_LABEL_MODULES }),
    );
    expect(top(menu)).toEqual(['retail-media', 'users', 'config']);
    expect(under(menu, 'retail-media')).toEqual([
      'rm-campaigns', 'rm-audiences', 'rm-wallets', 'rm-review', 'rm-advertisers', 'rm-subpublishers', 'rm-reports', 'rm-tv', 'rm-config',
    ]);
  });

  it('white-label grocery: only the grocery items marked for white label (even when more is granted)', () => {
    const menu = buildMenu(
      ctx({ accountType: 'white_label', whiteLabelVariant: 'grocery', retailMediaRole: 'both', isNetwork: true, modules: GROCERY_MODULES }),
    );
    expect(top(menu)).toEqual([
      'dashboard', 'orders', 'shopping-carts', 'chats', 'products', 'locations', 'customers', 'operators', 'users', 'config',
    ]);
    expect(under(menu, 'orders')).toEqual(['orders-list', 'orders-board']);
    expect(under(menu, 'shopping-carts')).toEqual(['carts']);
    expect(under(menu, 'chats')).toEqual(['chats-list', 'chats-attendants', 'chats-templates', 'chats-tags', 'chats-bot']);
    expect(under(menu, 'customers')).toEqual(['customers-list']);
    expect(under(menu, 'config')).toEqual(['profile', 'integration-keys', 'erp-integration']);
    expect(all(menu).filter((k) => k.startsWith('rm-') || k === 'retail-media')).toEqual([]);
  });
});

describe('buildMenu: flags', () => {
  const rmKeys = (over: Parameters<typeof bomPreco>[0]) => under(buildMenu(bomPreco(over)), 'retail-media') ?? [];

  it('networkOnly: sub-publishers only for network accounts', () => {
    expect(rmKeys({ isNetwork: false })).not.toContain('rm-subpublishers');
    expect(rmKeys({ isNetwork: true })).toContain('rm-subpublishers');
  });

  it('advertiserOnly: publishers list for advertiser and both, not for publisher or none', () => {
    expect(rmKeys({ retailMediaRole: 'advertiser' })).toContain('rm-publishers');
    expect(rmKeys({ retailMediaRole: 'both' })).toContain('rm-publishers');
    expect(rmKeys({ retailMediaRole: 'publisher' })).not.toContain('rm-publishers');
    expect(rmKeys({ retailMediaRole: 'none' })).not.toContain('rm-publishers');
  });

  it('publisherOnly: review, advertisers, TVs and configuration for publisher and both, not for advertiser or none', () => {
    const publisherItems = ['rm-review', 'rm-advertisers', 'rm-tv', 'rm-config'];
    expect(rmKeys({ retailMediaRole: 'publisher' })).toEqual(expect.arrayContaining(publisherItems));
    expect(rmKeys({ retailMediaRole: 'both' })).toEqual(expect.arrayContaining(publisherItems));
    for (const role of ['advertiser', 'none'] as const) {
      expect(rmKeys({ retailMediaRole: role }).filter((k) => publisherItems.includes(k))).toEqual([]);
    }
    expect(rmKeys({ retailMediaRole: 'none' })).toEqual(['rm-campaigns', 'rm-audiences', 'rm-wallets', 'rm-reports']);
  });

  it('operatorOnly: shown to platform operators only', () => {
    const operatorItems = ['rm-tester', 'chats-bot-steps', 'payments-old'];
    expect(all(buildMenu(bomPreco({ isPlatformOperator: false }))).filter((k) => operatorItems.includes(k))).toEqual([]);
    const menu = buildMenu(bomPreco({ isPlatformOperator: true }));
    expect(all(menu)).toEqual(expect.arrayContaining(operatorItems));
    expect(under(menu, 'financial')).toEqual(['payments', 'payments-old', 'payment-methods']);
    const industry = buildMenu(ctx({ accountType: 'industry', retailMediaRole: 'advertiser', isPlatformOperator: true, modules: INDUSTRY_MODULES }));
    expect(under(industry, 'retail-media')).toContain('rm-tester');
  });

  it('operatorOnly: never in white-label, even for a platform operator', () => {
    const retailMedia = buildMenu(
      ctx({ accountType: 'white_label', whiteLabelVariant: 'retail_media', retailMediaRole: 'publisher', isNetwork: true, isPlatformOperator: true, modules: WHITE_LABEL_MODULES }),
    );
    expect(all(retailMedia)).not.toContain('rm-tester');
    const grocery = buildMenu(
      ctx({ accountType: 'white_label', whiteLabelVariant: 'grocery', retailMediaRole: 'both', isPlatformOperator: true, modules: GROCERY_MODULES }),
    );
    expect(all(grocery).filter((k) => ['rm-tester', 'chats-bot-steps', 'payments-old'].includes(k))).toEqual([]);
  });

  it('whiteLabel: the same grocery modules give the full menu outside white label and only flagged items inside', () => {
    const plain = all(buildMenu(bomPreco()));
    const whiteLabel = all(buildMenu(bomPreco({ accountType: 'white_label', whiteLabelVariant: 'grocery' })));
    expect(plain).toEqual(expect.arrayContaining(['analytics', 'messaging', 'promotional', 'logistic', 'financial', 'orders-dashboard', 'cart-abandonment']));
    for (const key of ['analytics', 'messaging', 'promotional', 'logistic', 'financial', 'orders-dashboard', 'cart-abandonment', 'chats-dashboard', 'customers-dashboard']) {
      expect(whiteLabel).not.toContain(key);
    }
    expect(whiteLabel.every((k) => plain.includes(k))).toBe(true);
  });
});

describe('buildMenu: access modules', () => {
  it('the seeded operator user of the grocery account sees only its granted modules', () => {
    const menu = buildMenu(bomPreco({ modules: OPERATOR_USER_MODULES }));
    expect(top(menu)).toEqual(['dashboard', 'orders', 'shopping-carts', 'chats', 'products', 'customers', 'config']);
  });

  it('an ungranted child disappears, its granted siblings stay', () => {
    const menu = buildMenu(bomPreco({ modules: GROCERY_MODULES.filter((id) => id !== 203 && id !== 302 && id !== 804) }));
    expect(under(menu, 'orders')).toEqual(['orders-list', 'orders-board']);
    expect(under(menu, 'shopping-carts')).toEqual(['carts']);
    expect(under(menu, 'retail-media')).not.toContain('rm-reports');
    expect(under(menu, 'retail-media')).toContain('rm-campaigns');
  });

  it('a parent disappears when none of its children is granted, even with the parent module granted', () => {
    const menu = buildMenu(bomPreco({ modules: GROCERY_MODULES.filter((id) => !SUBMODULES[8]!.includes(id) && !SUBMODULES[13]!.includes(id)) }));
    expect(menu.map((i) => i.key)).not.toContain('retail-media');
    expect(menu.map((i) => i.key)).not.toContain('financial');
    expect(top(menu)).toContain('orders');
  });

  it('children are hidden with their parent module, whatever submodules are granted', () => {
    const menu = buildMenu(bomPreco({ modules: GROCERY_MODULES.filter((id) => id !== 2 && id !== 8) }));
    expect(all(menu).filter((k) => k.startsWith('orders') || k.startsWith('rm-') || k === 'retail-media')).toEqual([]);
  });

  it('a module without children is shown by its own id only; config needs no module', () => {
    expect(top(buildMenu(bomPreco({ modules: [15] })))).toEqual(['users', 'config']);
    expect(top(buildMenu(bomPreco({ modules: [] })))).toEqual(['config']);
  });
});
