import { Button, Code, CopyButton, Group, List, Modal, Stack, Text, type StackProps } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { t } from '../../i18n';
import { TV_PLAYER_PATH } from './tv-devices-search';

/** How a TV is paired: open the player on it, scan its QR (or open its link), pick the store. */
export function PairingSteps(props: StackProps) {
  const playerUrl = `${globalThis.location?.origin ?? ''}${TV_PLAYER_PATH}`;
  return (
    <Stack gap="sm" maw={640} mx="auto" {...props} data-testid="tv-pairing-steps">
      <Text fw={600} size="sm">
        {t('tvDevices.steps.title')}
      </Text>
      <List type="ordered" spacing="sm" size="sm">
        <List.Item>
          <Stack gap={6}>
            <Text size="sm">{t('tvDevices.steps.open')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="tv-player-url" style={{ wordBreak: 'break-all' }}>
                {playerUrl}
              </Code>
              <CopyButton value={playerUrl}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    aria-label={t('tvDevices.steps.copy')}
                  >
                    {copied ? t('tvDevices.steps.copied') : t('tvDevices.steps.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </List.Item>
        <List.Item>{t('tvDevices.steps.scan')}</List.Item>
        <List.Item>{t('tvDevices.steps.activate')}</List.Item>
      </List>
    </Stack>
  );
}

export function PairingStepsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={t('tvDevices.howToPair')} size="lg">
      <PairingSteps mx={0} />
    </Modal>
  );
}
