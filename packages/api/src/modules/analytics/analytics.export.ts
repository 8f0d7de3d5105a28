import type { CellValue, ColumnKind, Table } from '../../lib/spreadsheet.ts';
import { toCsv, toXlsx } from '../../lib/spreadsheet.ts';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** Every field a card's rows may have: its pt-BR header and how its cells are written. */
const FIELDS: Record<string, [header: string, kind: ColumnKind]> = {
  date: ['Dia', 'date'],
  previous_date: ['Dia de comparação', 'date'],
  cohort: ['Coorte (mês)', 'text'],
  bucket: ['Pedidos / ocasiões', 'text'],
  segment: ['Segmento', 'text'],
  key: ['Chave', 'text'],
  label: ['Nome', 'text'],
  retailer_id: ['ID do varejista', 'int'],
  retailer: ['Varejista', 'text'],
  location_id: ['ID da loja', 'int'],
  store: ['Loja', 'text'],
  product_id: ['ID do produto', 'int'],
  user_id: ['ID do atendente', 'int'],
  name: ['Nome', 'text'],
  sku: ['SKU', 'text'],
  brand: ['Marca', 'text'],
  category: ['Categoria', 'text'],
  units: ['Unidades', 'decimal'],
  sales: ['Vendas (R$)', 'money'],
  sell_out_value: ['Valor de sell-out (R$)', 'money'],
  previous_sell_out_value: ['Sell-out na comparação (R$)', 'money'],
  previous_sales: ['Vendas na comparação (R$)', 'money'],
  share: ['Participação (%)', 'percent'],
  change: ['Variação (%)', 'percent'],
  margin: ['Margem (R$)', 'money'],
  average_price: ['Preço médio (R$)', 'money'],
  buying_customers: ['Clientes compradores', 'int'],
  customers: ['Clientes', 'int'],
  new_customers: ['Novos clientes', 'int'],
  returning_customers: ['Clientes recorrentes', 'int'],
  orders: ['Pedidos', 'int'],
  purchases: ['Ocasiões de compra', 'int'],
  frequency: ['Frequência', 'decimal'],
  units_per_purchase: ['Unidades por compra', 'decimal'],
  average_recency_days: ['Recência média (dias)', 'decimal'],
  average_orders: ['Pedidos médios', 'decimal'],
  stock_units: ['Estoque (unidades)', 'decimal'],
  out_of_stock: ['Sem estoque', 'int'],
  tracked: ['Ofertas', 'int'],
  daily_units: ['Unidades por dia', 'decimal'],
  coverage_days: ['Cobertura (dias)', 'decimal'],
  missing_lines: ['Rupturas', 'int'],
  conversations: ['Conversas', 'int'],
  closed: ['Encerradas', 'int'],
  assigned: ['Atribuídas', 'int'],
  messages_sent: ['Mensagens enviadas', 'int'],
  first_response_median: ['1ª resposta, mediana (min)', 'decimal'],
  first_response_p90: ['1ª resposta, p90 (min)', 'decimal'],
  resolution_median: ['Resolução, mediana (min)', 'decimal'],
  resolution_p90: ['Resolução, p90 (min)', 'decimal'],
  value: ['Valor', 'decimal'],
  previous: ['Valor na comparação', 'decimal'],
  parent: ['Nó acima', 'text'],
  operator: ['Composição', 'text'],
};
/** The names of the figures of summary cards and of the KPI tree's nodes. */
const FIGURES: Record<string, string> = {
  sales: 'Vendas (R$)',
  units: 'Unidades',
  orders: 'Pedidos',
  average_ticket: 'Ticket médio (R$)',
  average_price: 'Preço médio (R$)',
  margin: 'Margem (R$)',
  margin_rate: 'Margem (%)',
  customers: 'Clientes',
  new_customers: 'Novos clientes',
  returning_customers: 'Clientes recorrentes',
  frequency: 'Frequência',
  conversations: 'Conversas',
  closed: 'Encerradas',
  first_response_median: '1ª resposta, mediana (min)',
  first_response_p90: '1ª resposta, p90 (min)',
  resolution_median: 'Resolução, mediana (min)',
  resolution_p90: 'Resolução, p90 (min)',
  messages_sent: 'Mensagens enviadas',
  retailers: 'Varejistas',
  stores: 'Lojas',
  products: 'Produtos',
  stock_units: 'Estoque (unidades)',
  tracked: 'Ofertas',
  out_of_stock: 'Sem estoque',
  out_of_stock_share: 'Sem estoque (%)',
  coverage_days: 'Cobertura (dias)',
  missing_lines: 'Rupturas',
  buying_customers: 'Clientes compradores',
  new_buyers: 'Novos compradores',
  repeat_buyers: 'Compradores recorrentes',
  purchases: 'Ocasiões de compra',
  units_per_purchase: 'Unidades por compra',
  sell_out_value: 'Valor de sell-out (R$)',
};
const SHEETS: Record<string, string> = {
  summary: 'Resumo',
  per_day: 'Por dia',
  by_category: 'Por categoria',
  by_brand: 'Por marca',
  by_product: 'Por produto',
  by_retailer: 'Por varejista',
  by_store: 'Por loja',
  frequency: 'Frequência',
  rfm: 'Segmentos RFM',
  cohorts: 'Coortes',
  segments: 'Segmentos',
  per_attendant: 'Por atendente',
  tree: 'Árvore de KPIs',
  drill: 'Abertura',
};

/** The values written in words: segments and the KPI tree's nodes, in Portuguese. */
const WORDS: Record<string, Record<string, string>> = {
  segment: {
    champions: 'Campeões',
    loyal: 'Fiéis',
    promising: 'Promissores',
    new: 'Novos',
    need_attention: 'Precisam de atenção',
    at_risk: 'Em risco',
    hibernating: 'Hibernando',
    lost: 'Perdidos',
    one_time: 'Compra única',
    occasional: 'Ocasional',
    regular: 'Regular',
  },
  operator: { product: 'produto (×)', sum: 'soma (+)' },
};
const SEGMENT_LOYAL = 'Fiel';

const cell = (v: unknown): CellValue => (v === null || v === undefined ? null : typeof v === 'number' || typeof v === 'string' ? v : String(v));
const isFigure = (v: unknown): v is { value: unknown; previous: unknown; change: unknown } => typeof v === 'object' && v !== null && 'value' in v && 'change' in v;

/** A cell in words where the field is a code (a segment, a node of the KPI tree). */
function wordOf(card: string, field: string, v: unknown): CellValue {
  if (typeof v !== 'string') return cell(v);
  if (field === 'segment') return card === 'segments' && v === 'loyal' ? SEGMENT_LOYAL : (WORDS.segment![v] ?? v);
  if (card === 'tree' && (field === 'key' || field === 'parent')) return FIGURES[v] ?? v;
  return WORDS[field]?.[v] ?? v;
}

/** A card's data as one sheet: rows of a list as they are; a summary or a tree as one line per figure. */
export function cardTable(card: string, data: unknown): Table {
  const sheet = SHEETS[card] ?? card;
  if (Array.isArray(data) && card === 'cohorts') {
    const rows = data as Array<{ cohort: string; customers: number; retention: number[] }>;
    const months = Math.max(0, ...rows.map((r) => r.retention.length));
    return {
      sheet,
      columns: [FIELDS.cohort!, FIELDS.customers!, ...Array.from({ length: months }, (_, k) => [`Mês ${k} (%)`, 'percent'] as const)].map(([header, kind]) => ({ header, kind })),
      rows: rows.map((r) => [r.cohort, r.customers, ...Array.from({ length: months }, (_, k) => cell(r.retention[k]))]),
    };
  }
  if (Array.isArray(data)) {
    const keys = [...new Set(data.flatMap((r) => Object.keys(r as object)))].filter((k) => FIELDS[k] && !Array.isArray((data[0] as Record<string, unknown>)?.[k]));
    return {
      sheet,
      columns: keys.map((k) => ({ header: card === 'tree' && k === 'key' ? 'Nó' : FIELDS[k]![0], kind: FIELDS[k]![1] })),
      rows: data.map((r) => keys.map((k) => wordOf(card, k, (r as Record<string, unknown>)[k]))),
    };
  }
  const entries = Object.entries((data ?? {}) as Record<string, unknown>);
  return {
    sheet,
    columns: [
      { header: 'Indicador', kind: 'text' },
      { header: 'Valor', kind: 'decimal' },
      { header: 'Na comparação', kind: 'decimal' },
      { header: 'Variação (%)', kind: 'percent' },
    ],
    rows: entries.map(([k, v]) => (isFigure(v) ? [FIGURES[k] ?? k, cell(v.value), cell(v.previous), cell(v.change)] : [FIGURES[k] ?? k, cell(v), null, null])),
  };
}

/** A file name's part: lower case, no accents, words joined by hyphens. */
const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** One card of an analytics dashboard as a CSV or XLSX file, named after the dashboard, the card and the period. */
export async function cardFile(dashboard: string, card: string, answer: { cards: Record<string, unknown>; from?: string; to?: string; start?: string; finish?: string }, format: 'csv' | 'xlsx') {
  const table = cardTable(card, answer.cards[card]);
  const from = answer.from ?? answer.start ?? '';
  const to = answer.to ?? answer.finish ?? '';
  return {
    filename: `${dashboard}-${slug(SHEETS[card] ?? card)}-${from}-${to}.${format}`,
    contentType: CONTENT_TYPES[format],
    body: format === 'csv' ? toCsv(table) : await toXlsx(table),
  };
}
