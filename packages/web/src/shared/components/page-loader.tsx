import { Center, Loader, Stack, Text } from '@mantine/core';
import { t } from '../../i18n';

export function PageLoader({ label = t('app.loading') }: { label?: string }) {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
