import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { t } from '../../i18n';

export function ConfiguringPlatform({ message }: { message: string | null }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Loader />
        <Title order={2}>{t('app.configuringTitle')}</Title>
        {message && <Text c="dimmed">{message}</Text>}
      </Stack>
    </Center>
  );
}
