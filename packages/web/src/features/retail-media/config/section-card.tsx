import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the configuration page: a title, what it is for, and its body. */
export function SectionCard({ title, description, children, testId, right }: { title: string; description: string; children: ReactNode; testId?: string; right?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={4}>{title}</Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          {right}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
