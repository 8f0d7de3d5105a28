import { Anchor, Breadcrumbs, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../shared/components/page-header';
import { flyerQuery, useAccountId, useUpdateFlyer } from './api';
import { flyerToValues } from './flyer-form-values';
import { FlyerForm } from './flyer-form';
import { FlyerErrorBanner, FlyerLoading } from './flyer-load-states';
import { FlyerStatusBadge } from './flyer-status-badge';
import { t } from '../../i18n';

function EditBreadcrumbs({ id }: { id: number }) {
  return (
    <Breadcrumbs separator="›" fz="sm">
      <Anchor component={Link} to="/promotional-flyers/list" size="sm">
        {t('flyers.breadcrumb')}
      </Anchor>
      <Text size="sm">{t('flyers.edit.title')}</Text>
      <Text size="sm" c="dimmed">
        #{id}
      </Text>
    </Breadcrumbs>
  );
}

/** Encartes › Editar: the flyer form pre-filled; load errors in the spec's error banner. */
export function FlyerEditPage({ flyerId }: { flyerId: number }) {
  const navigate = useNavigate();
  const flyer = useQuery(flyerQuery(useAccountId(), flyerId));
  const update = useUpdateFlyer(flyerId);
  const toView = () => void navigate({ to: '/promotional-flyers/view/$id', params: { id: String(flyerId) } });

  let body;
  if (flyer.isError) body = <FlyerErrorBanner error={flyer.error} retrying={flyer.isFetching} onRetry={() => void flyer.refetch()} />;
  else if (!flyer.data) body = <FlyerLoading />;
  else
    body = (
      <FlyerForm key={flyer.data.updated_at} initialValues={flyerToValues(flyer.data)} submitLabel={t('flyers.form.submitEdit')} pending={update.isPending} onSubmit={(b) => update.mutateAsync(b).then(toView)} onCancel={toView} />
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('flyers.edit.pageTitle')}
        description={flyer.data?.name}
        back={<EditBreadcrumbs id={flyerId} />}
        actions={flyer.data && <Group>{<FlyerStatusBadge status={flyer.data.status} />}</Group>}
      />
      {body}
    </Stack>
  );
}
