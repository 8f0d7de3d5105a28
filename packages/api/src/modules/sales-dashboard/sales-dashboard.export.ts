import { SALES_TOP_MAX, type GmvPerDay, type MarginPerDay, type SalesExport, type SalesExportQuery, type TopCustomers, type TopProducts } from '@backoffice/contracts';
import type { JsonText } from '../../lib/route.ts';
import { tableOf, toCsv, toXlsx, type Table } from '../../lib/spreadsheet.ts';
import type { Caller } from '../locations/locations.service.ts';
import type { SalesDashboardService } from './sales-dashboard.service.ts';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
const FILE_NAMES: Record<SalesExport, string> = { days: 'vendas-por-dia', products: 'produtos-mais-vendidos', customers: 'clientes-que-mais-compraram' };

/** The answer a service call gave as JSON text. */
const parsed = async <T>(answer: Promise<JsonText<T>>): Promise<T> => JSON.parse((await answer).text) as T;

/** A table of the sales dashboard as the screen shows it, with the comparison beside each figure. */
async function buildTable(dashboard: SalesDashboardService, caller: Caller, q: SalesExportQuery): Promise<{ from: string; to: string; table: Table }> {
  const top = { ...q, limit: q.limit ?? SALES_TOP_MAX };
  if (q.report === 'products') {
    const r = await parsed<TopProducts>(dashboard.topProducts(caller, top));
    return {
      from: r.from,
      to: r.to,
      table: tableOf('Produtos', [
        { header: 'SKU', kind: 'text', value: (p) => p.sku },
        { header: 'Produto', kind: 'text', value: (p) => p.name },
        { header: 'Marca', kind: 'text', value: (p) => p.brand },
        { header: 'Categoria', kind: 'text', value: (p) => p.category },
        { header: 'Unidades', kind: 'decimal', value: (p) => p.units },
        { header: 'Vendas (R$)', kind: 'money', value: (p) => p.value },
        { header: 'Margem (R$)', kind: 'money', value: (p) => p.margin },
        { header: 'Participação (%)', kind: 'percent', value: (p) => p.share },
        { header: 'Vendas no período anterior (R$)', kind: 'money', value: (p) => p.previous_value },
        { header: 'Variação (%)', kind: 'percent', value: (p) => p.change },
      ], r.products),
    };
  }
  if (q.report === 'customers') {
    const r = await parsed<TopCustomers>(dashboard.topCustomers(caller, top));
    return {
      from: r.from,
      to: r.to,
      table: tableOf('Clientes', [
        { header: 'Cliente', kind: 'text', value: (c) => c.name },
        { header: 'Pedidos', kind: 'int', value: (c) => c.orders },
        { header: 'Compras (R$)', kind: 'money', value: (c) => c.gmv },
        { header: 'Ticket médio (R$)', kind: 'money', value: (c) => c.average_ticket },
        { header: 'Último pedido', kind: 'date', value: (c) => c.last_order_date },
        { header: 'Compras no período anterior (R$)', kind: 'money', value: (c) => c.previous_gmv },
      ], r.customers),
    };
  }
  const [gmv, margin] = await Promise.all([parsed<GmvPerDay>(dashboard.gmvPerDay(caller, q)), parsed<MarginPerDay>(dashboard.marginPerDay(caller, q))]);
  const rows = gmv.days.map((d, i) => ({ ...d, ...margin.days[i]! }));
  return {
    from: gmv.from,
    to: gmv.to,
    table: tableOf('Vendas por dia', [
      { header: 'Dia', kind: 'date', value: (d) => d.date },
      { header: 'Pedidos', kind: 'int', value: (d) => d.orders },
      { header: 'GMV (R$)', kind: 'money', value: (d) => d.gmv },
      { header: 'Valor dos itens (R$)', kind: 'money', value: (d) => d.items_value },
      { header: 'Custo (R$)', kind: 'money', value: (d) => d.cost },
      { header: 'Margem (R$)', kind: 'money', value: (d) => d.margin },
      { header: 'Margem (%)', kind: 'percent', value: (d) => d.margin_rate },
      { header: 'Dia de comparação', kind: 'date', value: (d) => d.previous_date },
      { header: 'GMV na comparação (R$)', kind: 'money', value: (d) => d.previous_gmv },
      { header: 'Pedidos na comparação', kind: 'int', value: (d) => d.previous_orders },
      { header: 'Margem na comparação (R$)', kind: 'money', value: (d) => d.previous_margin },
    ], rows),
  };
}

/** A download of the sales dashboard: the table asked for, as CSV or XLSX, named after it and the period. */
export async function salesExport(dashboard: SalesDashboardService, caller: Caller, q: SalesExportQuery) {
  const { from, to, table } = await buildTable(dashboard, caller, q);
  return {
    filename: `${FILE_NAMES[q.report]}-${from}-${to}.${q.format}`,
    contentType: CONTENT_TYPES[q.format],
    body: q.format === 'csv' ? toCsv(table) : await toXlsx(table),
  };
}
