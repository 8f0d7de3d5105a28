import { Card, Group, Stack, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import type { ComponentType } from 'react';

export type StatCardProps = {
  label: string;
  value: string;
  icon: ComponentType<{ size?: number }>;
  color: MantineColor;
  testId?: string;
};

/** One number of a dashboard: a dimmed label, the value large, and a tinted icon. */
export function StatCard({ label, value, icon: Icon, color, testId }: StatCardProps) {
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed" lh={1.3}>
            {label}
          </Text>
          <Text fw={700} fz={24} lh={1.1} style={{ whiteSpace: 'nowrap' }}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={38} radius="md" style={{ flexShrink: 0 }}>
          <Icon size={22} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
