import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { INTEGRATION_KEY_SCOPES, CreateIntegrationKeyBody } from '@backoffice/contracts';
import { useCreateIntegrationKey, type CreatedIntegrationKey } from './api';
import { t } from '../../i18n';

const check = schemaResolver(CreateIntegrationKeyBody, { sync: true });

/** Names a new key and picks its scopes; hands the created key (shown once) to `onCreated`. */
export function CreateKeyModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (key: CreatedIntegrationKey) => void }) {
  const create = useCreateIntegrationKey();
  const form = useForm<{ name: string; scopes: string[] }>({
    initialValues: { name: '', scopes: ['orders'] },
    validate: (v) => check({ name: v.name, scopes: v.scopes }) as Record<string, string>,
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('integrationKeys.create.title')} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          create.mutate(
            { name: values.name.trim(), scopes: values.scopes as (typeof INTEGRATION_KEY_SCOPES)[number][] },
            { onSuccess: (key) => (form.reset(), onCreated(key)) },
          ),
        )}
      >
        <Stack gap="md">
          <TextInput
            label={t('integrationKeys.create.name')}
            description={t('integrationKeys.create.nameHint')}
            placeholder={t('integrationKeys.create.namePlaceholder')}
            maxLength={80}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Checkbox.Group label={t('integrationKeys.create.scopes')} {...form.getInputProps('scopes')}>
            <Stack gap={6} mt={6}>
              {INTEGRATION_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={t(`integrationKeys.scopes.${scope}`)} description={t(`integrationKeys.scopeHints.${scope}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('integrationKeys.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
