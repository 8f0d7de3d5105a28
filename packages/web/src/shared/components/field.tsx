import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only value under a small uppercase label (detail cards); text children are set in body size. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </Stack>
  );
}
