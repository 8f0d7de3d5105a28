import { Group, Table, UnstyledButton, type TableThProps } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface Props extends Omit<TableThProps, 'onClick' | 'children'> {
  label: ReactNode;
  /** This column's direction when it is the sorted one; undefined when another column sorts. */
  direction: 'asc' | 'desc' | undefined;
  onSort: () => void;
  align?: 'left' | 'right';
}

/** A column header that sorts the table: clicking it sorts by it, clicking again flips the direction. */
export function SortHeader({ label, direction, onSort, align = 'left', ...th }: Props) {
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th {...th} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={onSort} fz="sm" fw={700} w="100%">
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {label}
          <Icon size={14} style={{ opacity: direction ? 1 : 0.4, flexShrink: 0 }} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
