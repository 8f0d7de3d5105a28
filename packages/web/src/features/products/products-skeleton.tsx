import { Group, Skeleton, Stack } from '@mantine/core';
import { t } from '../../i18n';

/** The list's first load: rows shaped like the table's. */
export function ProductsSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap={0} p="md" aria-busy="true" aria-label={t('products.loading')} data-testid="products-loading">
      {Array.from({ length: rows }, (_, i) => (
        <Group key={i} gap="md" py={10} wrap="nowrap">
          <Skeleton height={40} width={40} radius="sm" />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="45%" radius="xl" />
            <Skeleton height={8} width="25%" radius="xl" />
          </Stack>
          <Skeleton height={10} width={90} radius="xl" visibleFrom="sm" />
          <Skeleton height={10} width={70} radius="xl" />
          <Skeleton height={20} width={90} radius="xl" />
        </Group>
      ))}
    </Stack>
  );
}
