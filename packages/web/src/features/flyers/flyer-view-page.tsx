import { Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconPencil } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../shared/components/field';
import { PageHeader } from '../../shared/components/page-header';
import { flyerQuery, storesQuery, useAccountId } from './api';
import { formatSpDateTime, formatStores } from './flyer-format';
import { FlyerMediaPreview } from './flyer-media-preview';
import { FlyerStateButtons } from './flyer-state-buttons';
import { BackToFlyers, FlyerLoadFailed, FlyerLoading } from './flyer-load-states';
import { FlyerStatusBadge } from './flyer-status-badge';
import { useFlyerActions } from './use-flyer-actions';
import { useIsAccountWriter } from '../../shared/account/queries';
import { t } from '../../i18n';

/** Spec §2 flyer view: name, status, period, stores, message, media and the actions that fit. */
export function FlyerViewPage({ flyerId }: { flyerId: number }) {
  const navigate = useNavigate();
  const accountId = useAccountId();
  const canEdit = useIsAccountWriter();
  const query = useQuery(flyerQuery(accountId, flyerId));
  const stores = useQuery(storesQuery(accountId));
  const actions = useFlyerActions({ afterDelete: () => void navigate({ to: '/promotional-flyers/list' }) });
  const flyer = query.data;

  if (query.isError) return <FlyerLoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (!flyer) return <FlyerLoading />;

  const storeNames = new Map((stores.data ?? []).map((s) => [s.id, s.name]));
  const editable = canEdit && ['scheduled', 'active', 'pause'].includes(flyer.status);

  return (
    <Stack gap="lg">
      <PageHeader
        title={flyer.name}
        back={<BackToFlyers />}
        actions={
          canEdit && (
            <>
              <Button variant="default" leftSection={<IconCopy size={16} />} renderRoot={(props) => <Link {...props} to="/promotional-flyers/create" search={{ duplicate: flyer.id }} />}>
                {t('flyers.actions.duplicate')}
              </Button>
              {editable && (
                <Button leftSection={<IconPencil size={16} />} renderRoot={(props) => <Link {...props} to="/promotional-flyers/edit/$id" params={{ id: String(flyer.id) }} />}>
                  {t('flyers.actions.edit')}
                </Button>
              )}
            </>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Group gap="xs">
                <FlyerStatusBadge status={flyer.status} />
              </Group>
              {canEdit && <FlyerStateButtons status={flyer.status} onAction={(action) => actions.run(flyer, action)} />}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <Field label={t('flyers.view.period')}>
                  <Text size="sm" data-testid="flyer-period">
                    {t('flyers.view.from')} {formatSpDateTime(flyer.start_at)} {t('flyers.view.until')} {formatSpDateTime(flyer.end_at)}
                  </Text>
                </Field>
                <Field label={t('flyers.view.stores')}>{formatStores(flyer.location_ids, storeNames, Infinity)}</Field>
                <Field label={t('flyers.view.createdAt')}>{formatSpDateTime(flyer.created_at)}</Field>
                <Field label={t('flyers.view.updatedAt')}>{formatSpDateTime(flyer.updated_at)}</Field>
                {flyer.disabled_at && <Field label={t('flyers.view.disabledAt')}>{formatSpDateTime(flyer.disabled_at)}</Field>}
              </SimpleGrid>
              <Field label={t('flyers.view.message')}>
                <Text size="sm" c={flyer.message ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
                  {flyer.message ?? t('flyers.view.noMessage')}
                </Text>
              </Field>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={5}>{t('flyers.view.media')}</Title>
              <FlyerMediaPreview media={flyer} maxHeight={640} />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {actions.modal}
    </Stack>
  );
}
