import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { t } from '../../i18n';

/** A new signing secret, shown once with a copy button: it is never readable again. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('erpIntegration.callback.newSecretTitle')} size="lg" closeOnClickOutside={false} centered>
      {secret && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t('erpIntegration.callback.newSecretMessage')}
          </Alert>
          <Group gap="xs" wrap="nowrap" align="stretch">
            <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="erp-callback-secret">
              {secret}
            </Code>
            <CopyButton value={secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : 'blue'} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                  {copied ? t('erpIntegration.callback.copied') : t('erpIntegration.callback.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('erpIntegration.callback.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
