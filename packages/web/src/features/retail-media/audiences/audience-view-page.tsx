import { Badge, Card, Grid, Group, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../../shared/components/field';
import { PageHeader } from '../../../shared/components/page-header';
import { formatDateTime, formatInt } from '../../../shared/ui/format';
import { audienceAttributesQuery, audienceQuery, useAccountId, type Audience } from './api';
import { AudienceActionButtons, AudienceNotice } from './audience-card';
import { audienceCost, describeRule } from './audience-format';
import { BackToAudiences } from './audience-load-states';
import { AudienceStatusBadge } from './audience-status-badge';
import { audienceActions, useAudienceActions, useIsRmAdmin } from './use-audience-actions';
import { t } from '../../../i18n';

/** Spec §2 `/retail-media/audiences/view/{id}`: every field, the rules in Portuguese and the review actions. */
export function AudienceViewPage({ audience: loaded }: { audience: Audience }) {
  const accountId = useAccountId();
  const audience = useQuery({ ...audienceQuery(accountId, loaded.id), initialData: loaded }).data;
  const attributes = useQuery(audienceAttributesQuery(accountId));
  const isAdmin = useIsRmAdmin();
  const navigate = useNavigate();
  const actions = useAudienceActions(() => void navigate({ to: '/retail-media/audiences' }));

  return (
    <Stack gap="lg">
      <PageHeader
        back={<BackToAudiences />}
        title={audience.name}
        description={t('rmAudiences.view.subtitle', { publisher: audience.publisher.name })}
        actions={<AudienceActionButtons audience={audience} actions={audienceActions(audience, isAdmin)} onAction={(a) => actions.run(audience, a)} size="sm" />}
      />
      <AudienceNotice audience={audience} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={4}>{t('rmAudiences.view.details')}</Title>
                <AudienceStatusBadge status={audience.status} />
              </Group>
              <Field label={t('rmAudiences.form.description')}>{audience.description ?? t('rmAudiences.noDescription')}</Field>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <Field label={t('rmAudiences.cost')}>{audienceCost(audience)}</Field>
                <Field label={t('rmAudiences.approve.billingType')}>{t(`rmAudiences.billing.${audience.billing_type}`)}</Field>
                <Field label={t('rmAudiences.form.estimatedAudience')}>{formatInt(audience.estimated_audience)}</Field>
                <Field label={t('rmAudiences.view.reachRange')}>
                  <Stack gap={4}>
                    <Text size="sm">{`${audience.reach_range}%`}</Text>
                    <Progress value={audience.reach_range} size="sm" aria-label={t('rmAudiences.view.reachRange')} />
                  </Stack>
                </Field>
                <Field label={t('rmAudiences.form.visibility')}>{t(`rmAudiences.visibility.${audience.visibility}`)}</Field>
                <Field label={t('rmAudiences.form.publisher')}>{audience.publisher.name}</Field>
                <Field label={t('rmAudiences.view.proposedBy')}>{audience.created_by_account?.name ?? audience.publisher.name}</Field>
                <Field label={t('rmAudiences.view.createdAt')}>{formatDateTime(audience.created_at)}</Field>
                {audience.reviewed_at && <Field label={t('rmAudiences.view.reviewedAt')}>{formatDateTime(audience.reviewed_at)}</Field>}
              </SimpleGrid>
              {audience.visibility === 'private' && audience.advertisers.length > 0 && (
                <Field label={t('rmAudiences.form.advertisers')}>
                  <Group gap={6}>
                    {audience.advertisers.map((a) => (
                      <Badge key={a.id} variant="light" color="gray">
                        {a.name}
                      </Badge>
                    ))}
                  </Group>
                </Field>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder radius="md" padding="lg" data-testid="audience-rules">
            <Stack gap="sm">
              <Title order={4}>{t('rmAudiences.form.rules')}</Title>
              {audience.rules.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('rmAudiences.view.noRules')}
                </Text>
              ) : (
                <List spacing={6} size="sm">
                  {audience.rules.map((rule, i) => (
                    <List.Item key={i}>{describeRule(rule, attributes.data)}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {actions.modals}
    </Stack>
  );
}
