/**
 * The catalogue of access modules. Ids are stable (menus refer to them): top-level modules use
 * small ids, submodules `parent * 100 + n`.
 */
export interface ModuleDef {
  id: number;
  key: string;
  name: string;
  submodules?: Array<{ id: number; key: string; name: string }>;
}

export const ACCESS_MODULES: ModuleDef[] = [
  { id: 1, key: 'dashboard', name: 'Dashboard' },
  {
    id: 2, key: 'orders', name: 'Pedidos',
    submodules: [
      { id: 201, key: 'orders.list', name: 'Lista de pedidos' },
      { id: 202, key: 'orders.board', name: 'Quadro de pedidos' },
      { id: 203, key: 'orders.dashboards', name: 'Dashboards de pedidos' },
    ],
  },
  {
    id: 3, key: 'shopping_carts', name: 'Carrinhos',
    submodules: [
      { id: 301, key: 'shopping_carts.list', name: 'Carrinhos' },
      { id: 302, key: 'shopping_carts.abandonment', name: 'Abandono de carrinho' },
    ],
  },
  {
    id: 4, key: 'chats', name: 'Atendimento',
    submodules: [
      { id: 401, key: 'chats.conversations', name: 'Conversas' },
      { id: 402, key: 'chats.attendants', name: 'Atendentes' },
      { id: 403, key: 'chats.templates', name: 'Modelos de mensagem' },
      { id: 404, key: 'chats.tags', name: 'Etiquetas' },
      { id: 405, key: 'chats.dashboards', name: 'Dashboards de atendimento' },
    ],
  },
  {
    id: 5, key: 'analytics', name: 'Analytics',
    submodules: [
      { id: 501, key: 'analytics.sellout', name: 'Sell-out' },
      { id: 502, key: 'analytics.customers', name: 'Clientes' },
    ],
  },
  {
    id: 6, key: 'messaging_campaigns', name: 'Campanhas de mensagens',
    submodules: [
      { id: 601, key: 'messaging_campaigns.campaigns', name: 'Campanhas' },
      { id: 602, key: 'messaging_campaigns.templates', name: 'Templates' },
      { id: 603, key: 'messaging_campaigns.dashboard', name: 'Dashboard' },
    ],
  },
  { id: 7, key: 'products', name: 'Produtos' },
  {
    id: 8, key: 'retail_media', name: 'Retail media',
    submodules: [
      { id: 801, key: 'retail_media.campaigns', name: 'Campanhas' },
      { id: 802, key: 'retail_media.audiences', name: 'Audiências' },
      { id: 803, key: 'retail_media.wallet', name: 'Carteiras' },
      { id: 804, key: 'retail_media.reports', name: 'Relatórios' },
      { id: 805, key: 'retail_media.configuration', name: 'Configurações de retail media' },
      { id: 806, key: 'retail_media.ad_request_tester', name: 'Testador de anúncios (beta)' },
      { id: 807, key: 'retail_media.tv_devices', name: 'TVs (digital signage)' },
      { id: 808, key: 'retail_media.review', name: 'Revisão de anúncios' },
    ],
  },
  {
    id: 9, key: 'promotional', name: 'Promocional',
    submodules: [
      { id: 901, key: 'promotional.promotions', name: 'Promoções' },
      { id: 902, key: 'promotional.coupons', name: 'Métricas de cupons' },
      { id: 903, key: 'promotional.flyers', name: 'Encartes' },
      { id: 904, key: 'promotional.trade', name: 'Trade' },
    ],
  },
  { id: 10, key: 'locations', name: 'Lojas' },
  {
    id: 11, key: 'logistic', name: 'Logística',
    submodules: [
      { id: 1101, key: 'logistic.slots', name: 'Janelas de entrega' },
      { id: 1102, key: 'logistic.regions', name: 'Regiões' },
      { id: 1103, key: 'logistic.delivery_dashboard', name: 'Dashboard de entregas' },
    ],
  },
  {
    id: 12, key: 'customers', name: 'Clientes',
    submodules: [
      { id: 1201, key: 'customers.list', name: 'Clientes' },
      { id: 1202, key: 'customers.dashboard', name: 'Dashboard de clientes' },
    ],
  },
  {
    id: 13, key: 'financial', name: 'Financeiro',
    submodules: [
      { id: 1301, key: 'financial.payments', name: 'Pagamentos' },
      { id: 1302, key: 'financial.payment_methods', name: 'Formas de pagamento' },
    ],
  },
  { id: 14, key: 'operators', name: 'Operadores' },
  { id: 15, key: 'users', name: 'Usuários' },
  { id: 16, key: 'config', name: 'Configurações' },
  { id: 17, key: 'kpi', name: 'Árvore de KPIs' },
  { id: 18, key: 'sell_out', name: 'Sell-out' },
  { id: 19, key: 'stock', name: 'Estoque' },
  { id: 20, key: 'consumers', name: 'Consumidores' },
];

const byKey = new Map<string, ModuleDef>(
  ACCESS_MODULES.flatMap((m) => [[m.key, m] as const, ...(m.submodules ?? []).map((s) => [s.key, s] as const)]),
);

/** Ids of the named modules with all their submodules. */
export function moduleIds(...keys: string[]): number[] {
  return keys.flatMap((key) => {
    const m = byKey.get(key);
    if (!m) throw new Error(`unknown access module ${key}`);
    return [m.id, ...(m.submodules ?? []).map((s) => s.id)];
  });
}
