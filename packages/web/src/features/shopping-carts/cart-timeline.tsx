import { Text, Timeline } from '@mantine/core';
import { IconCheck, IconEye, IconFilePlus, IconSend, IconShoppingBag, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../shared/ui/format';
import type { Cart } from './types';
import { t } from '../../i18n';

type Step = { key: string; reached: boolean; at: string | null; icon: ReactNode };

const APPROVED_OR_LATER = new Set<Cart['status']>(['approved', 'link_sent', 'opened']);

/**
 * The cart's way so far: created, approved, link sent, opened, converted; a cancelled cart ends
 * with its cancellation (when it was last changed). Approval has no time of its own: it is reached
 * once the cart is approved or its link went out.
 */
export function cartSteps(cart: Cart): Step[] {
  const steps: Step[] = [
    { key: 'created', reached: true, at: cart.created_at, icon: <IconFilePlus size={12} /> },
    { key: 'approved', reached: APPROVED_OR_LATER.has(cart.status) || Boolean(cart.link_sent_at), at: null, icon: <IconCheck size={12} /> },
    { key: 'linkSent', reached: Boolean(cart.link_sent_at), at: cart.link_sent_at, icon: <IconSend size={12} /> },
    { key: 'opened', reached: Boolean(cart.opened_at), at: cart.opened_at, icon: <IconEye size={12} /> },
    { key: 'converted', reached: Boolean(cart.converted_at), at: cart.converted_at, icon: <IconShoppingBag size={12} /> },
  ];
  if (cart.status === 'deleted') steps.push({ key: 'deleted', reached: true, at: cart.updated_at, icon: <IconX size={12} /> });
  return steps;
}

export function CartTimeline({ cart }: { cart: Cart }) {
  const steps = cartSteps(cart);
  const reached = steps.reduce((last, step, index) => (step.reached ? index : last), 0);
  return (
    <Timeline active={reached} bulletSize={22} lineWidth={2} data-testid="cart-timeline">
      {steps.map((step) => (
        <Timeline.Item key={step.key} bullet={step.icon} title={t(`shoppingCarts.timeline.${step.key}`)} color={step.key === 'deleted' ? 'red' : undefined} data-reached={step.reached}>
          <Text size="xs" c="dimmed">
            {step.at ? formatDateTime(step.at) : step.reached ? t('shoppingCarts.timeline.done') : t('shoppingCarts.timeline.notYet')}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
