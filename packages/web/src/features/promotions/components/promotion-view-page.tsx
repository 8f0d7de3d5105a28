import { Button, Group, Stack } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/components/page-header';
import { promotionQuery, useAccountId, useCanWritePromotions } from '../api';
import { actionsFor, ACTION_COLORS } from '../status';
import { describePromotion } from '../describe';
import { ACTION_ICONS } from './promotion-actions-menu';
import { BackToPromotions } from './back-to-promotions';
import { PromotionCouponBlock } from './promotion-coupon-block';
import { PromotionDetails } from './promotion-details';
import { PromotionMetrics } from './promotion-metrics';
import { PromotionProducts } from './promotion-products';
import { PromotionStatusBadge } from './promotion-status-badge';
import { usePromotionActions } from './use-promotion-actions';
import { t } from '../../../i18n';

/** Spec §2 promotion view: name, status, what it gives, the coupon block and the selected products. */
export function PromotionViewPage({ id }: { id: number }) {
  const navigate = useNavigate();
  const canWrite = useCanWritePromotions();
  // The route's loader has put it in the cache; actions refresh it.
  const { data: p } = useQuery(promotionQuery(useAccountId(), id));
  const actions = usePromotionActions({ onDeleted: () => void navigate({ to: '/promotional/list' }) });
  if (!p) return null;

  const buttons = canWrite && (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} />} renderRoot={(props) => <Link {...props} to="/promotional/edit/$id" params={{ id: String(id) }} />}>
        {t('promotions.actions.edit')}
      </Button>
      <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(p)}>
        {t('promotions.actions.duplicate')}
      </Button>
      {actionsFor(p.status).map((action) => {
        const Icon = ACTION_ICONS[action];
        return (
          <Button key={action} variant="light" color={ACTION_COLORS[action]} leftSection={<Icon size={16} />} onClick={() => actions.run(p, action)}>
            {t(`promotions.actions.${action}.label`)}
          </Button>
        );
      })}
      <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.askDelete(p)}>
        {t('promotions.actions.delete.label')}
      </Button>
    </>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={p.name} description={describePromotion(p)} back={<BackToPromotions />} />
      <Group justify="space-between" gap="sm">
        <PromotionStatusBadge status={p.status} size="lg" />
        <Group gap="xs">{buttons}</Group>
      </Group>
      {p.promotion_type === 'coupon' && <PromotionCouponBlock promotion={p} />}
      <PromotionDetails promotion={p} />
      <PromotionMetrics promotionId={p.id} />
      <PromotionProducts promotion={p} />
      {actions.modal}
    </Stack>
  );
}
