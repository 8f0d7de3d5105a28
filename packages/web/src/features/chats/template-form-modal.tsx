import { Button, Group, Modal, SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ChatTemplateBody } from '@backoffice/contracts';
import type { TemplateBody, TemplateRow } from './templates-api';
import { t } from '../../i18n';

const EMPTY: TemplateBody = { templateId: '', title: '', body: '', global: false, status: 'active' };

/**
 * Create or edit a chat template, checked with the contracts' schema (templateId: lowercase letters,
 * digits and _). Saving closes at once: the list shows the row as "salvando" meanwhile.
 */
export function TemplateFormModal({ template, canGlobal, onClose, onSave }: { template: TemplateRow | null; canGlobal: boolean; onClose: () => void; onSave: (body: TemplateBody) => void }) {
  const form = useForm<TemplateBody>({
    initialValues: template ? { templateId: template.templateId, title: template.title, body: template.body, global: template.global, status: template.status } : EMPTY,
    validate: schemaResolver(ChatTemplateBody, { sync: true }),
    transformValues: (v) => ({ ...v, templateId: v.templateId.trim(), title: v.title.trim(), body: v.body.trim() }),
  });
  return (
    <Modal opened onClose={onClose} centered size="lg" title={<Text fw={600}>{template ? t('chats.templates.editTitle') : t('chats.templates.createTitle')}</Text>}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          onSave(values);
          onClose();
        })}
      >
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput label={t('chats.templates.fields.templateId')} description={t('chats.templates.fields.templateIdHint')} required withAsterisk {...form.getInputProps('templateId')} data-autofocus />
            <TextInput label={t('chats.templates.fields.title')} required withAsterisk {...form.getInputProps('title')} />
          </Group>
          <Textarea label={t('chats.templates.fields.body')} description={t('chats.templates.fields.bodyHint')} required withAsterisk autosize minRows={4} maxRows={12} {...form.getInputProps('body')} />
          <Group justify="space-between" align="center">
            <SegmentedControl
              aria-label={t('chats.templates.fields.status')}
              data={[
                { value: 'active', label: t('chats.templates.status.active') },
                { value: 'inactive', label: t('chats.templates.status.inactive') },
              ]}
              {...form.getInputProps('status')}
            />
            {canGlobal && <Switch label={t('chats.templates.fields.global')} description={t('chats.templates.fields.globalHint')} {...form.getInputProps('global', { type: 'checkbox' })} />}
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('common.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
