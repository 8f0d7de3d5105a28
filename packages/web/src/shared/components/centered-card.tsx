import { Card, Center, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered card with its content centred: a dashboard's empty, loading or error place. */
export function CenteredCard({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" py={56} data-testid={testId}>
      <Center>
        <Stack align="center" gap="xs" ta="center">
          {children}
        </Stack>
      </Center>
    </Card>
  );
}
