import { Button, Card, Grid, Group, Loader, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconMessagePlus, IconPhone } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { brazilianPhone, formatPhone } from '@backoffice/contracts';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { maskPhone } from '../../shared/ui/br-masks';
import { useAccountId } from './api';
import { formatWhen } from './chat-labels';
import { simulatorConversationsQuery, simulatorKeys } from './simulator-api';
import { SimulatorPhone } from './simulator-phone';
import { useWhatsAppEvents } from './use-whatsapp-events';
import { t } from '../../i18n';

export type SimulatorSearch = { phone?: string; name?: string };

/** Opens a conversation as a customer: the phone (any Brazilian format) and the WhatsApp profile name. */
function NewConversation({ onOpen }: { onOpen: (phone: string, name: string | undefined) => void }) {
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const e164 = brazilianPhone(phone);
        if (!e164) return setError(t('chats.simulator.phone'));
        onOpen(e164, name.trim() || undefined);
      }}
    >
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('chats.simulator.newTitle')}
        </Text>
        <TextInput label={t('chats.simulator.phone')} placeholder={t('chats.simulator.phonePlaceholder')} value={phone} error={error} onChange={(e) => (setPhone(maskPhone(e.currentTarget.value)), setError(null))} leftSection={<IconPhone size={16} />} />
        <TextInput label={t('chats.simulator.name')} placeholder={t('chats.simulator.namePlaceholder')} value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} />
        <Button type="submit" leftSection={<IconMessagePlus size={18} />} color="teal">
          {t('chats.simulator.start')}
        </Button>
      </Stack>
    </form>
  );
}

/** The WhatsApp simulator: staff write as a customer of their own account (the local provider's customer side). */
export function SimulatorPage({ search, onChange }: { search: SimulatorSearch; onChange: (s: SimulatorSearch) => void }) {
  const accountId = useAccountId();
  const queryClient = useQueryClient();
  const conversations = useQuery(simulatorConversationsQuery(accountId));
  useWhatsAppEvents((event) => {
    if (event.type === 'simulator.message' || event.type === 'simulator.messages') void queryClient.invalidateQueries({ queryKey: simulatorKeys.conversations(accountId) });
  });
  const rows = conversations.data?.data ?? [];

  return (
    <Stack gap="lg">
      <PageHeader back={<BackLink to="/chats" label={t('chats.chat.back')} />} title={t('chats.simulator.title')} description={t('chats.simulator.subtitle')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md" padding="md">
              <NewConversation onOpen={(phone, name) => onChange({ phone, ...(name ? { name } : {}) })} />
            </Card>
            <Card withBorder radius="md" padding="md">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={5}>{t('chats.simulator.conversations')}</Title>
                  {conversations.isFetching && <Loader size="xs" />}
                </Group>
                {conversations.isError && <LoadError error={conversations.error} retrying={conversations.isFetching} onRetry={() => void conversations.refetch()} />}
                {conversations.data && rows.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('chats.simulator.empty')}
                  </Text>
                )}
                {rows.map((c) => (
                  <UnstyledButton
                    key={c.phone}
                    p="xs"
                    data-testid="sim-conversation"
                    onClick={() => onChange({ phone: c.phone, ...(c.name ? { name: c.name } : {}) })}
                    style={{
                      borderRadius: 'var(--mantine-radius-md)',
                      border: '1px solid var(--mantine-color-default-border)',
                      background: c.phone === search.phone ? 'var(--mantine-color-teal-light)' : undefined,
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={0} miw={0}>
                        <Text size="sm" fw={600} truncate="end">
                          {c.name ?? formatPhone(c.phone)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatPhone(c.phone)}
                        </Text>
                      </Stack>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatWhen(c.last_at)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          {search.phone ? (
            <SimulatorPhone key={search.phone} phone={search.phone} name={search.name} />
          ) : (
            <Card withBorder radius="md" py={80}>
              <Text c="dimmed" ta="center">
                {t('chats.simulator.pick')}
              </Text>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
