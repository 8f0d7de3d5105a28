import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/components/page-header';
import { PageLoader } from '../../../shared/components/page-loader';
import { promotionQuery, storesQuery, useAccountId, useCanWritePromotions, useCreatePromotion } from '../api';
import { defaultFormValues, toFormValues, type PromotionFormValues } from '../form-values';
import type { Promotion } from '../api';
import { BackToPromotions } from './back-to-promotions';
import { PromotionForm } from './promotion-form';
import { PromotionLoadError } from './promotion-load-states';
import { t } from '../../../i18n';

/** A copy starts as a new promotion: named as a copy, and a coupon needs a code of its own. */
function duplicateValues(source: Promotion): PromotionFormValues {
  return { ...toFormValues(source), name: t('promotions.form.copyName', { name: source.name }), code: '' };
}

/**
 * Spec §2 create/duplicate: "Carregando informações" while the source promotion and the stores
 * load, then a fresh form (the route remounts this page per entry, so no earlier state survives).
 */
export function PromotionCreatePage({ duplicateId }: { duplicateId?: number }) {
  const accountId = useAccountId();
  const canWrite = useCanWritePromotions();
  const navigate = useNavigate();
  const create = useCreatePromotion();
  const source = useQuery({ ...promotionQuery(accountId, duplicateId ?? 0), enabled: duplicateId !== undefined });
  const stores = useQuery(storesQuery(accountId));

  const title = t(duplicateId ? 'promotions.duplicateTitle' : 'promotions.createTitle');
  const loading = (duplicateId !== undefined && source.isPending) || stores.isPending;

  let body;
  if (!canWrite) {
    body = (
      <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('promotions.writersOnly')}
      </Alert>
    );
  } else if (source.isError) body = <PromotionLoadError error={source.error} retrying={source.isFetching} onRetry={() => void source.refetch()} />;
  else if (loading) body = <PageLoader label={t('promotions.loadingInfo')} />;
  else {
    body = (
      <PromotionForm
        initialValues={source.data ? duplicateValues(source.data) : defaultFormValues()}
        submitLabel={t('promotions.create')}
        pending={create.isPending}
        onSubmit={(b) => create.mutateAsync(b).then((p) => navigate({ to: '/promotional/view/$id', params: { id: String(p.id) } }))}
      />
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={title} back={<BackToPromotions />} />
      {body}
    </Stack>
  );
}
