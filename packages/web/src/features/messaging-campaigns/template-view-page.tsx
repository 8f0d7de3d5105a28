import { Alert, Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../shared/components/field';
import { PageHeader } from '../../shared/components/page-header';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { useIsAccountWriter } from '../../shared/account/queries';
import { formatDateTime } from '../../shared/ui/format';
import { useAccountId } from './api';
import { templateQuery, useDeleteTemplate, useUpdateTemplate } from './templates-api';
import { templateToValues } from './template-form-values';
import { TemplateForm } from './template-form';
import { BackToTemplates, MessagingLoading, TemplateLoadFailed } from './load-states';
import { TemplateStatusBadge } from './status-badges';
import { WhatsAppPreview } from './whatsapp-preview';
import { t } from '../../i18n';

/** Spec §2 templates/view/{id}: the template, the provider's decision (with its rejection text) and the preview; edit resubmits it for approval. */
export function TemplateViewPage({ templateId }: { templateId: number }) {
  const navigate = useNavigate();
  const canEdit = useIsAccountWriter();
  const query = useQuery(templateQuery(useAccountId(), templateId));
  const update = useUpdateTemplate(templateId);
  const remove = useDeleteTemplate();
  const confirm = useConfirmModal();
  const [editing, setEditing] = useState(false);
  const template = query.data;

  if (query.isError) return <TemplateLoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (!template) return <MessagingLoading />;

  const inUse = template.campaigns_count > 0;
  const askDelete = () =>
    confirm.open({
      title: t('messagingCampaigns.templates.confirmDelete.title'),
      message: t('messagingCampaigns.templates.confirmDelete.message', { name: template.name }),
      confirmLabel: t('messagingCampaigns.templates.confirmDelete.confirm'),
      cancelLabel: t('common.back'),
      confirmColor: 'red',
      onConfirm: () => {
        remove.mutate(template.id);
        void navigate({ to: '/messaging-campaigns/templates/list' });
      },
    });

  if (editing)
    return (
      <Stack gap="lg">
        <PageHeader title={t('messagingCampaigns.templates.edit.title', { name: template.name })} description={t('messagingCampaigns.templates.edit.subtitle')} back={<BackToTemplates />} />
        <TemplateForm
          initialValues={templateToValues(template)}
          ownName={template.name}
          submitLabel={t('messagingCampaigns.templates.edit.submit')}
          pending={update.isPending}
          onSubmit={(body) => update.mutateAsync(body).then(() => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={template.name}
        description={template.description ?? undefined}
        back={<BackToTemplates />}
        actions={
          canEdit && (
            <>
              <Button variant="default" color="red" leftSection={<IconTrash size={16} />} disabled={inUse} title={inUse ? t('messagingCampaigns.templates.inUse') : undefined} onClick={askDelete}>
                {t('messagingCampaigns.templates.actions.delete')}
              </Button>
              <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                {t('messagingCampaigns.templates.actions.edit')}
              </Button>
            </>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Group gap="xs">
                <TemplateStatusBadge status={template.status} />
              </Group>
              {template.status === 'rejected' && (
                <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('messagingCampaigns.templates.view.rejectedTitle')} data-testid="template-rejection">
                  {template.rejection_reason ?? t('messagingCampaigns.templates.view.noReason')}
                </Alert>
              )}
              {template.status === 'pending' && (
                <Text size="sm" c="dimmed">
                  {t('messagingCampaigns.templates.view.pendingHint')}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <Field label={t('messagingCampaigns.templates.view.buttons')}>
                  <Group gap={4}>
                    {template.buttons.map((b) => (
                      <Badge key={b} variant="outline" color="gray" tt="none">
                        {b}
                      </Badge>
                    ))}
                  </Group>
                </Field>
                <Field label={t('messagingCampaigns.templates.view.campaigns')}>{String(template.campaigns_count)}</Field>
                <Field label={t('messagingCampaigns.templates.view.submittedAt')}>{formatDateTime(template.submitted_at)}</Field>
                <Field label={t('messagingCampaigns.templates.view.decidedAt')}>{template.decided_at ? formatDateTime(template.decided_at) : '—'}</Field>
                <Field label={t('messagingCampaigns.templates.view.media')}>{template.media_name ?? t('messagingCampaigns.templates.view.noMedia')}</Field>
                <Field label={t('messagingCampaigns.templates.view.language')}>{template.language}</Field>
              </SimpleGrid>
              <Field label={t('messagingCampaigns.templates.view.message')}>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="template-message">
                  {template.message}
                </Text>
              </Field>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Title order={5}>{t('messagingCampaigns.preview.title')}</Title>
              <WhatsAppPreview text={template.message} buttons={template.buttons} media={{ url: template.media_url, type: template.media_type, name: template.media_name }} />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {confirm.modal}
    </Stack>
  );
}
