import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { CreatedIntegrationKey } from './api';
import { t } from '../../i18n';

/** Shows a new key once, with a copy button and how to send it: it is never readable again. */
export function CreatedKeyModal({ created, onClose }: { created: CreatedIntegrationKey | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title={t('integrationKeys.created.title')} size="lg" closeOnClickOutside={false} centered>
      {created && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {created.message}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('integrationKeys.created.keyOf', { name: created.name })}
            </Text>
            <Group gap="xs" wrap="nowrap" align="stretch">
              <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="created-integration-key">
                {created.key}
              </Code>
              <CopyButton value={created.key} timeout={2000}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : 'blue'} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                    {copied ? t('integrationKeys.created.copied') : t('integrationKeys.created.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <Text size="sm" c="dimmed">
            {t('integrationKeys.created.howTo')}
          </Text>
          <Code block>{`curl -X POST ${window.location.origin}/api/order \\\n  -H 'x-api-key: ${created.key_prefix}…' \\\n  -H 'content-type: application/json' -d @pedido.json`}</Code>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('integrationKeys.created.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
