import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListFooter, type ListFooterProps } from './list-footer';

/** A paged list's card: its body (table, empty state or error), then the count and pages unless the load failed. */
export function ListCard({ children, failed, ...footer }: ListFooterProps & { children: ReactNode; failed: boolean }) {
  return (
    <Card withBorder padding={0} radius="md">
      {children}
      {!failed && <ListFooter {...footer} />}
    </Card>
  );
}
