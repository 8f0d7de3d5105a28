import { Alert, Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/components/page-header';
import { promotionQuery, useAccountId, useCanWritePromotions, useUpdatePromotion } from '../api';
import { toFormValues } from '../form-values';
import { PromotionForm } from './promotion-form';
import { t } from '../../../i18n';

/** Spec §2 edit: breadcrumb "Promoções > Editar" with the id, the shared form pre-filled, saved with PUT. */
export function PromotionEditPage({ id }: { id: number }) {
  const navigate = useNavigate();
  // The route's loader has put it in the cache.
  const { data: promotion } = useQuery(promotionQuery(useAccountId(), id));
  const update = useUpdatePromotion(id);
  const canWrite = useCanWritePromotions();
  if (!promotion) return null;

  const breadcrumb = (
    <Breadcrumbs separator="›" fz="sm">
      <Anchor component={Link} to="/promotional/list/" size="sm">
        {t('promotions.title')}
      </Anchor>
      <Text size="sm">{t('promotions.editCrumb')}</Text>
      <Text size="sm" c="dimmed">
        #{id}
      </Text>
    </Breadcrumbs>
  );

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('promotions.editTitle')} description={promotion.name} back={breadcrumb} />
      {!canWrite ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('promotions.writersOnly')}
        </Alert>
      ) : (
      <PromotionForm
        // A fresh form when another promotion opens in the same page.
        key={promotion.id}
        initialValues={toFormValues(promotion)}
        submitLabel={t('common.save')}
        pending={update.isPending}
        onSubmit={(body) => update.mutateAsync(body).then(() => navigate({ to: '/promotional/view/$id', params: { id: String(id) } }))}
      />
      )}
    </Stack>
  );
}
