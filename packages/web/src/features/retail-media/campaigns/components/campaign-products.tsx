import { Avatar, Card, Group, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { campaignProductsQuery, useAccountId, useToggleProduct, type CampaignDetail, type CampaignProductPerformance, type ProductOrder } from '../api';
import { formatInt, formatMoney } from '../describe';
import { CampaignLoadError } from './campaign-load-states';
import { SortHeader } from './sort-header';
import { t } from '../../../../i18n';

/** Spec §2: sales, descending, until a header is clicked. */
export const DEFAULT_PRODUCT_ORDER: ProductOrder = { order_by: 'sales', order_direction: 'desc' };

/** A header click: another column starts descending; the same column flips. */
export function nextProductOrder(order: ProductOrder, field: ProductOrder['order_by']): ProductOrder {
  if (order.order_by !== field) return { order_by: field, order_direction: 'desc' };
  return { order_by: field, order_direction: order.order_direction === 'desc' ? 'asc' : 'desc' };
}

function ProductCell({ p }: { p: CampaignProductPerformance }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={p.image_url} alt={p.name ?? p.sku} radius="sm" size={40} color="gray">
        <IconPackage size={20} />
      </Avatar>
      <Stack gap={0} miw={0}>
        {p.last_category && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {p.last_category}
          </Text>
        )}
        <Text size="sm" fw={500} lineClamp={2}>
          {p.name ?? t('rmCampaigns.products.unknown')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('rmCampaigns.products.sku', { sku: p.sku })}
        </Text>
      </Stack>
    </Group>
  );
}

function ProductToggle({ p, campaignId }: { p: CampaignProductPerformance; campaignId: number }) {
  const toggle = useToggleProduct(campaignId);
  return (
    <Switch
      checked={p.active}
      disabled={toggle.isPending}
      onChange={(e) => toggle.mutate({ sku: p.sku, active: e.currentTarget.checked })}
      aria-label={t('rmCampaigns.products.toggle', { name: p.name ?? p.sku })}
    />
  );
}

/** "Desempenho por produto" (spec §2): conversions, items sold and sales per product, each sortable; the advertiser switches products on and off. */
export function CampaignProducts({ campaign }: { campaign: CampaignDetail }) {
  const [order, setOrder] = useState<ProductOrder>(DEFAULT_PRODUCT_ORDER);
  const products = useQuery(campaignProductsQuery(useAccountId(), campaign.id, order));
  const owner = campaign.permissions.can_manage_products;
  const header = (field: ProductOrder['order_by'], label: string) => (
    <SortHeader label={label} align="right" direction={order.order_by === field ? order.order_direction : undefined} onSort={() => setOrder((o) => nextProductOrder(o, field))} />
  );

  let body;
  if (products.isError) body = <CampaignLoadError error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />;
  else if (!products.data) body = <Skeleton height={120} radius="md" />;
  else if (products.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('rmCampaigns.products.empty')}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="sm" data-testid="campaign-products-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rmCampaigns.products.product')}</Table.Th>
              {header('conversions', t('rmCampaigns.products.conversions'))}
              {header('items_sold', t('rmCampaigns.products.itemsSold'))}
              {header('sales', t('rmCampaigns.products.sales'))}
              {owner && <Table.Th w={90}>{t('rmCampaigns.products.active')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}>
            {products.data.map((p) => (
              <Table.Tr key={p.sku} data-testid="product-row">
                <Table.Td maw={360}>
                  <ProductCell p={p} />
                </Table.Td>
                <Table.Td ta="right">{formatInt(p.conversions)}</Table.Td>
                <Table.Td ta="right">{formatInt(p.items_sold)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(p.sales)}
                </Table.Td>
                {owner && (
                  <Table.Td>
                    <ProductToggle p={p} campaignId={campaign.id} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="campaign-products-title" data-testid="campaign-products">
      <Stack gap="md">
        <Title order={4} id="campaign-products-title">
          {t('rmCampaigns.products.title')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
