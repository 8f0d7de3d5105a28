import { Grid, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/components/page-header';
import { tradeQuery, tradeResultsQuery, useAccountId, useCanWriteTrade } from '../api';
import { BackToTrade } from './trade-load-states';
import { TradeActions } from './trade-actions';
import { TradeDetails } from './trade-details';
import { TradeProofs } from './trade-proofs';
import { TradeResults } from './trade-results';
import { TradeStatusBadge } from './trade-status-badge';
import { TradeTimeline } from './trade-timeline';
import { t } from '../../../i18n';

/** Everything of an agreement for either side: details, the steps it may take, history, proofs, results. */
export function TradeViewPage({ id }: { id: number }) {
  const accountId = useAccountId();
  const canWrite = useCanWriteTrade();
  // The route's loader has put it in the cache; actions refresh it.
  const { data: a } = useQuery(tradeQuery(accountId, id));
  const results = useQuery(tradeResultsQuery(accountId, id));
  if (!a) return null;

  // Store and product names come with the results (the retailer's, which the brand may not list otherwise).
  const stores = new Map(results.data?.by_store.map((s) => [s.location_id, s.name]));
  const products = new Map(results.data?.by_product.map((p) => [p.product_id, p.name]));
  const storeName = (sid: number) => stores.get(sid) ?? t('trade.view.store', { id: sid });
  const productName = (pid: number) => products.get(pid) ?? t('trade.view.product', { id: pid });
  const other = a.my_side === 'brand' ? a.retailer : a.brand;

  return (
    <Stack gap="lg">
      <PageHeader title={a.title} description={t('trade.view.with', { kind: t(`trade.kinds.${a.kind}`), party: other.name })} back={<BackToTrade />} />
      <Group justify="space-between" gap="sm">
        <TradeStatusBadge status={a.status} size="lg" />
        {canWrite && <TradeActions agreement={a} />}
      </Group>
      <TradeDetails agreement={a} storeName={storeName} productName={productName} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TradeTimeline agreement={a} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} miw={0}>
          <TradeResults results={results} />
        </Grid.Col>
      </Grid>
      <TradeProofs agreement={a} storeName={storeName} />
    </Stack>
  );
}
