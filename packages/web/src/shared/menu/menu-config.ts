import type { ComponentType } from 'react';
import {
  IconAd2, IconBuildingStore, IconChartBar, IconHome, IconMessages, IconPackage, IconReceipt, IconSettings,
  IconShoppingCart, IconSpeakerphone, IconTag, IconTruckDelivery, IconUserCog, IconUsers, IconUsersGroup,
  IconCash, IconBinaryTree, IconChartLine, IconBuildingWarehouse, IconId, IconHeartHandshake,
} from '@tabler/icons-react';

/** Who may see a menu entry beyond its access module (spec §2 "Menus"). */
export interface MenuFlags {
  /** Shown in white-label grocery accounts (the "grocery common items"). */
  whiteLabel?: boolean;
  networkOnly?: boolean;
  advertiserOnly?: boolean;
  publisherOnly?: boolean;
  /** Only for the product operator's staff; never in white-label accounts. */
  operatorOnly?: boolean;
}

export interface MenuItem extends MenuFlags {
  key: string;
  /** i18n key under `menu.` */
  label: string;
  path?: string;
  /** Paths under these prefixes also mark the entry active (e.g. /users/new for the users list). */
  match?: string | readonly string[];
  /** Access module (or submodule) id that grants this entry. */
  moduleId?: number;
  icon?: ComponentType<{ size?: number; stroke?: number }>;
  children?: MenuItem[];
}

const dashboard: MenuItem = { key: 'dashboard', label: 'dashboard', path: '/', moduleId: 1, icon: IconHome };

const retailMedia: MenuItem = {
  key: 'retail-media', label: 'retailMedia', moduleId: 8, icon: IconAd2,
  children: [
    { key: 'rm-campaigns', label: 'rmCampaigns', path: '/retail-media/campaigns', moduleId: 801 },
    { key: 'rm-audiences', label: 'rmAudiences', path: '/retail-media/audiences', moduleId: 802 },
    { key: 'rm-wallets', label: 'rmWallets', path: '/retail-media/wallets', match: '/retail-media/wallet/', moduleId: 803 },
    { key: 'rm-review', label: 'rmReview', path: '/retail-media/review', moduleId: 808, publisherOnly: true },
    { key: 'rm-advertisers', label: 'rmAdvertisers', path: '/retail-media/advertisers', moduleId: 805, publisherOnly: true },
    { key: 'rm-publishers', label: 'rmPublishers', path: '/retail-media/publishers', moduleId: 801, advertiserOnly: true },
    { key: 'rm-subpublishers', label: 'rmSubpublishers', path: '/retail-media/subpublishers', moduleId: 805, networkOnly: true },
    { key: 'rm-reports', label: 'rmReports', path: '/retail-media/report/overview', match: '/retail-media/report/', moduleId: 804 },
    { key: 'rm-tv', label: 'rmTvDevices', path: '/retail-media/tv-devices', moduleId: 807, publisherOnly: true },
    { key: 'rm-tester', label: 'rmTester', path: '/retail-media/ad-request-tester', moduleId: 806, operatorOnly: true },
    { key: 'rm-config', label: 'rmConfig', path: '/retail-media/config', moduleId: 805, publisherOnly: true },
  ],
};

const users: MenuItem = { key: 'users', label: 'users', path: '/users/list', match: '/users/', moduleId: 15, icon: IconUsers, whiteLabel: true };
const config: MenuItem = {
  // No module gate: everyone reaches their own profile.
  key: 'config', label: 'config', icon: IconSettings, whiteLabel: true,
  children: [{ key: 'profile', label: 'profile', path: '/config/profile', whiteLabel: true }],
};
/** The grocery accounts' settings: also the integration keys of their e-commerce (orders module; the page is for admins). */
const groceryConfig: MenuItem = {
  ...config,
  children: [
    ...config.children!,
    { key: 'integration-keys', label: 'integrationKeys', path: '/config/integration-keys', moduleId: 2, whiteLabel: true },
    { key: 'erp-integration', label: 'erpIntegration', path: '/config/erp-integration', moduleId: 2, whiteLabel: true },
  ],
};

export const GROCERY_MENU: MenuItem[] = [
  { ...dashboard, whiteLabel: true },
  {
    key: 'orders', label: 'orders', moduleId: 2, icon: IconReceipt, whiteLabel: true,
    children: [
      { key: 'orders-list', label: 'ordersList', path: '/orders/list', moduleId: 201, whiteLabel: true },
      { key: 'orders-board', label: 'ordersBoard', path: '/orders/board', moduleId: 202, whiteLabel: true },
      { key: 'orders-dashboard', label: 'ordersDashboard', path: '/orders/orders-dashboard/', moduleId: 203 },
      { key: 'picking-dashboard', label: 'pickingDashboard', path: '/orders/picking-dashboard/', moduleId: 203 },
      { key: 'conversion-dashboard', label: 'conversionDashboard', path: '/orders/conversion-dashboard/', moduleId: 203 },
      { key: 'rupture-dashboard', label: 'ruptureDashboard', path: '/orders/rupture-dashboard/', moduleId: 203 },
    ],
  },
  {
    key: 'shopping-carts', label: 'shoppingCarts', moduleId: 3, icon: IconShoppingCart, whiteLabel: true,
    children: [
      { key: 'carts', label: 'carts', path: '/shopping-carts', moduleId: 301, whiteLabel: true },
      { key: 'cart-abandonment', label: 'cartAbandonment', path: '/shopping-carts/metrics/cart-abandonment', moduleId: 302 },
    ],
  },
  {
    key: 'chats', label: 'chats', moduleId: 4, icon: IconMessages, whiteLabel: true,
    children: [
      { key: 'chats-list', label: 'chatsList', path: '/chats', moduleId: 401, whiteLabel: true },
      { key: 'chats-attendants', label: 'chatsAttendants', path: '/chats/attendants', moduleId: 402, whiteLabel: true },
      { key: 'chats-templates', label: 'chatsTemplates', path: '/chats/templates', moduleId: 403, whiteLabel: true },
      { key: 'chats-tags', label: 'chatsTags', path: '/chats/tags', moduleId: 404, whiteLabel: true },
      { key: 'chats-bot', label: 'chatsBot', path: '/chats/bot', moduleId: 402, whiteLabel: true },
      { key: 'chats-dashboard', label: 'chatsDashboard', path: '/chats/dashboard', moduleId: 405 },
      { key: 'chats-bot-steps', label: 'chatsBotSteps', path: '/chats/dashboard-bot-steps', moduleId: 405, operatorOnly: true },
      { key: 'chats-attendance', label: 'chatsAttendance', path: '/chats/attendance', moduleId: 405 },
    ],
  },
  {
    key: 'analytics', label: 'analytics', moduleId: 5, icon: IconChartBar,
    children: [
      { key: 'analytics-sales', label: 'analyticsSales', path: '/analytics/sales', moduleId: 1 },
      { key: 'analytics-sellout', label: 'analyticsSellout', path: '/analytics/sellout/', moduleId: 501 },
      { key: 'analytics-customers', label: 'analyticsCustomers', path: '/analytics/customers', moduleId: 502 },
    ],
  },
  {
    key: 'messaging', label: 'messagingCampaigns', moduleId: 6, icon: IconSpeakerphone,
    children: [
      { key: 'messaging-list', label: 'messagingList', path: '/messaging-campaigns/list', moduleId: 601 },
      { key: 'messaging-templates', label: 'messagingTemplates', path: '/messaging-campaigns/templates/list', moduleId: 602 },
      { key: 'messaging-dashboard', label: 'messagingDashboard', path: '/messaging-campaigns/dashboard', moduleId: 603 },
    ],
  },
  { key: 'products', label: 'products', path: '/products/list/', moduleId: 7, icon: IconPackage, whiteLabel: true },
  retailMedia,
  {
    key: 'promotional', label: 'promotional', moduleId: 9, icon: IconTag,
    children: [
      {
        key: 'promotions', label: 'promotions', path: '/promotional/list/', moduleId: 901,
        match: ['/promotional/create', '/promotional/view/', '/promotional/edit/'],
      },
      { key: 'coupons', label: 'coupons', path: '/promotional/coupon/', moduleId: 902 },
      { key: 'flyers', label: 'flyers', path: '/promotional-flyers/list/', match: '/promotional-flyers/', moduleId: 903 },
      { key: 'trade', label: 'trade', path: '/trade/list/', match: '/trade/', moduleId: 904 },
    ],
  },
  {
    key: 'locations', label: 'locations', moduleId: 10, icon: IconBuildingStore, whiteLabel: true,
    children: [
      {
        key: 'locations-list', label: 'locationsList', path: '/locations/list', moduleId: 10, whiteLabel: true,
        match: ['/locations/new', '/locations/edit/', '/locations/users/'],
      },
      { key: 'locations-search', label: 'locationsSearch', path: '/locations/search-locations', moduleId: 10, whiteLabel: true },
    ],
  },
  {
    key: 'logistic', label: 'logistic', moduleId: 11, icon: IconTruckDelivery,
    children: [
      { key: 'slots', label: 'slots', path: '/logistic/slots/', match: '/logistic/slots/', moduleId: 1101 },
      { key: 'regions', label: 'regions', path: '/logistic/all/regions', moduleId: 1102 },
      { key: 'delivery-dashboard', label: 'deliveryDashboard', path: '/logistic/delivery-dashboard/', moduleId: 1103 },
    ],
  },
  {
    key: 'customers', label: 'customers', moduleId: 12, icon: IconUsersGroup, whiteLabel: true,
    children: [
      { key: 'customers-list', label: 'customersList', path: '/customers/list', moduleId: 1201, whiteLabel: true },
      { key: 'customers-dashboard', label: 'customersDashboard', path: '/customers/dashboard', moduleId: 1202 },
    ],
  },
  {
    key: 'financial', label: 'financial', moduleId: 13, icon: IconCash,
    children: [
      { key: 'payments', label: 'payments', path: '/financial/payments', moduleId: 1301 },
      { key: 'payments-old', label: 'paymentsOld', path: '/financial/payments_old', moduleId: 1301, operatorOnly: true },
      { key: 'payment-methods', label: 'paymentMethods', path: '/financial/payment-methods', moduleId: 1302 },
    ],
  },
  { key: 'operators', label: 'operators', path: '/operators/list/', match: ['/operators/list', '/operators/new', '/operators/edit/'], moduleId: 14, icon: IconUserCog, whiteLabel: true },
  users,
  groceryConfig,
];

export const INDUSTRY_MENU: MenuItem[] = [
  dashboard,
  retailMedia,
  { key: 'kpi', label: 'kpi', path: '/kpi', moduleId: 17, icon: IconBinaryTree },
  { key: 'sell-out', label: 'sellOut', path: '/sell-out', moduleId: 18, icon: IconChartLine },
  { key: 'stock', label: 'stock', path: '/stock', moduleId: 19, icon: IconBuildingWarehouse },
  { key: 'consumers', label: 'consumers', path: '/customers', moduleId: 20, icon: IconId },
  // Brands get the trade submodule alone (no promotions or flyers): a top-level entry.
  { key: 'trade', label: 'trade', path: '/trade/list/', match: '/trade/', moduleId: 904, icon: IconHeartHandshake },
  users,
  config,
];

export const WHITE_LABEL_RETAIL_MEDIA_MENU: MenuItem[] = [retailMedia, users, config];
