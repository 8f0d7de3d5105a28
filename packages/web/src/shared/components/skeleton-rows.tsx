import { Skeleton, Table } from '@mantine/core';

/** Placeholder rows of a table while its first page loads: `rows` rows of `columns` grey bars. */
export function SkeletonRows({ columns, rows = 3, testId }: { columns: number; rows?: number; testId?: string }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Tr key={i} data-testid={testId}>
      {Array.from({ length: columns }, (_, c) => (
        <Table.Td key={c}>
          <Skeleton height={14} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
