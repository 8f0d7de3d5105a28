import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../shared/components/page-header';
import { flyerQuery, useAccountId, useCreateFlyer } from './api';
import { emptyFlyerValues, flyerToValues } from './flyer-form-values';
import { FlyerForm } from './flyer-form';
import { BackToFlyers, FlyerErrorBanner, FlyerLoading } from './flyer-load-states';
import { t } from '../../i18n';

/** "Criar encarte", or "Duplicar encarte" filled from `duplicateId` (spec §2). */
export function FlyerCreatePage({ duplicateId }: { duplicateId?: number }) {
  const navigate = useNavigate();
  const accountId = useAccountId();
  const source = useQuery({ ...flyerQuery(accountId, duplicateId ?? 0), enabled: duplicateId !== undefined });
  const create = useCreateFlyer();
  const duplicating = duplicateId !== undefined;
  const toList = () => void navigate({ to: '/promotional-flyers/list' });

  let body;
  if (!duplicating) body = <FlyerForm initialValues={emptyFlyerValues()} submitLabel={t('flyers.form.submitCreate')} pending={create.isPending} onSubmit={(b) => create.mutateAsync(b).then(toList)} onCancel={toList} />;
  else if (source.isError) body = <FlyerErrorBanner error={source.error} retrying={source.isFetching} onRetry={() => void source.refetch()} />;
  else if (!source.data) body = <FlyerLoading />;
  else {
    const values = flyerToValues(source.data);
    body = (
      <FlyerForm
        key={source.data.id}
        initialValues={{ ...values, name: `${values.name}${t('flyers.copySuffix')}`.slice(0, 120) }}
        submitLabel={t('flyers.form.submitCreate')}
        pending={create.isPending}
        onSubmit={(b) => create.mutateAsync(b).then(toList)}
        onCancel={toList}
      />
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={duplicating ? t('flyers.new.duplicateTitle') : t('flyers.new.title')}
        description={duplicating && source.data ? t('flyers.new.duplicateSubtitle', { name: source.data.name }) : t('flyers.new.subtitle')}
        back={<BackToFlyers />}
      />
      {body}
    </Stack>
  );
}
