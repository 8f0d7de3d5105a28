import { Badge, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { groupItems } from './cart-format';
import { CartItemRow } from './cart-item-row';
import { ITEM_STATUS_COLORS } from './status';
import type { CartChange } from './cart-changes';
import type { CartGroups as Groups, CartItem } from './types';
import { t } from '../../i18n';

interface Props {
  groups: Groups;
  editable: boolean;
  busy: boolean;
  onChange: (change: CartChange) => void;
  onSearch?: (item: CartItem) => void;
}

/** Confirmados, Pendentes, Em falta: each group a card with its count; empty groups say so, in review only. */
export function CartGroups({ groups, editable, ...rest }: Props) {
  return (
    <Stack gap="md">
      {groupItems(groups).map(({ status, items: rows }) => {
        if (rows.length === 0 && (!editable || status === 'confirmed')) return null;
        return (
          <Card key={status} withBorder radius="md" padding="md" data-testid={`group-${status}`}>
            <Group gap="xs" mb={rows.length ? 'xs' : 0}>
              <Text fw={700}>{t(`shoppingCarts.groups.${status}`)}</Text>
              <Badge color={ITEM_STATUS_COLORS[status]} variant="light" size="sm" circle={rows.length < 10}>
                {rows.length}
              </Badge>
            </Group>
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t(`shoppingCarts.groups.${status}Empty`)}
              </Text>
            ) : (
              rows.map((item, index) => (
                <Fragment key={item.item_id}>
                  {index > 0 && <Divider />}
                  <CartItemRow item={item} editable={editable} {...rest} />
                </Fragment>
              ))
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
