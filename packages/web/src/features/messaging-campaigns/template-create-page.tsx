import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../shared/components/page-header';
import { useCreateTemplate } from './templates-api';
import { emptyTemplateValues } from './template-form-values';
import { TemplateForm } from './template-form';
import { BackToTemplates } from './load-states';
import { t } from '../../i18n';

/**
 * Spec §2 templates/create. Saving goes on in the background: the list opens at once with the new
 * template as a temporary "saving" entry (spec §4), replaced by the saved one or removed on failure.
 */
export function TemplateCreatePage() {
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const toList = () => void navigate({ to: '/messaging-campaigns/templates/list' });
  return (
    <Stack gap="lg">
      <PageHeader title={t('messagingCampaigns.templates.new.title')} description={t('messagingCampaigns.templates.new.subtitle')} back={<BackToTemplates />} />
      <TemplateForm
        initialValues={emptyTemplateValues()}
        submitLabel={t('messagingCampaigns.templates.new.submit')}
        pending={false}
        onSubmit={(body) => {
          create.mutate(body);
          toList();
        }}
        onCancel={toList}
      />
    </Stack>
  );
}
