import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title line: an optional back link above, a description below, actions on the right. */
export function PageHeader({ title, description, back, actions }: { title: string; description?: string; back?: ReactNode; actions?: ReactNode }) {
  return (
    <Stack gap={6}>
      {back}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={2}>{title}</Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
