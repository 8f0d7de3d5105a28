import { Card, Group, Stack, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

export type StatCardProps = {
  label: string;
  value: string;
  icon: ComponentType<{ size?: number }>;
  color: MantineColor;
  /** A line under the value (e.g. the change against a comparison period). */
  extra?: ReactNode;
  testId?: string;
};

/**
 * One number of a dashboard: a dimmed label, the value large, and a tinted icon. With an `extra` line
 * the icon goes beside the label, so the value and the line have the card's whole width.
 */
export function StatCard({ label, value, icon: Icon, color, extra, testId }: StatCardProps) {
  const icon = (
    <ThemeIcon variant="light" color={color} size={38} radius="md" style={{ flexShrink: 0 }}>
      <Icon size={22} />
    </ThemeIcon>
  );
  const number = (
    <Text fw={700} fz={24} lh={1.1} style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Text>
  );
  if (extra !== undefined)
    return (
      <Card withBorder padding="md" radius="md" h="100%" data-testid={testId}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" lh={1.3} miw={0}>
            {label}
          </Text>
          {icon}
        </Group>
        <Stack gap={6} mt={4}>
          {number}
          {extra}
        </Stack>
      </Card>
    );
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Text size="sm" c="dimmed" lh={1.3}>
            {label}
          </Text>
          {number}
        </Stack>
        {icon}
      </Group>
    </Card>
  );
}
