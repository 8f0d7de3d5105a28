import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../../i18n';

/** The frame of the public pages: product name, a title, a short text and the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text c="blue.7" fw={700} size="sm" tt="uppercase">
              {t('app.name')}
            </Text>
            <Title order={2}>{title}</Title>
            {subtitle && <Text c="dimmed" size="sm">{subtitle}</Text>}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
