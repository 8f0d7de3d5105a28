import { Center, Loader, Stack, Text } from '@mantine/core';
import { t } from '../../i18n';

/** A loading page; `compact` for the body of a card (a list still loading). */
export function PageLoader({ label = t('app.loading'), compact = false }: { label?: string; compact?: boolean }) {
  return (
    <Center mih={compact ? undefined : '50vh'} py={compact ? 48 : undefined}>
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
