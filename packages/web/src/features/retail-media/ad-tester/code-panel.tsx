import { ActionIcon, Card, Code, Group, ScrollArea, Stack, Text, Title, Tooltip, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';

/** A titled block of code (the curl, the JSON) with a copy button. */
export function CodePanel({ title, code, copyLabel, hint, testId, maxHeight }: { title: string; code: string; copyLabel: string; hint?: ReactNode; testId: string; maxHeight?: number }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Title order={5}>{title}</Title>
          <CopyButton value={code} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('rmTester.copied') : t('rmTester.copy')} withArrow>
                <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} aria-label={copyLabel} onClick={copy}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
        <ScrollArea.Autosize mah={maxHeight} type="auto">
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }} data-testid={`${testId}-code`}>
            {code}
          </Code>
        </ScrollArea.Autosize>
      </Stack>
    </Card>
  );
}
