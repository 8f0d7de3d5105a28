import { z } from 'zod';
import { ERP_BATCH_KINDS } from '@backoffice/contracts';
import { searchPage } from '../../shared/ui/search-params';

export const ERP_TABS = ['batches', 'callback', 'keys'] as const;
export type ErpTab = (typeof ERP_TABS)[number];
export const ERP_PAGE_SIZE = 20;

/** The ERP page's URL state: the tab, the batches' page and kind, the batch open in the drawer, the delivery log's page. */
export const ErpSearch = z.object({
  tab: z.enum(ERP_TABS).default('batches').catch('batches'),
  page: searchPage(),
  kind: z.enum(ERP_BATCH_KINDS).optional().catch(undefined),
  batch: z.coerce.number().int().positive().optional().catch(undefined),
  log: searchPage(),
});
export type ErpSearch = z.output<typeof ErpSearch>;
export const ERP_SEARCH_DEFAULTS = { tab: 'batches', page: 1, log: 1 } as const;
