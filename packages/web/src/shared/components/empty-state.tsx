import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** The body of a list card with no rows: an icon, what is missing, and a hint. */
export function EmptyState({ icon, title, hint }: { icon: ReactNode; title: string; hint: string }) {
  return (
    <Center py={48}>
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text c="dimmed" size="sm">
          {hint}
        </Text>
      </Stack>
    </Center>
  );
}
