import { Alert, Avatar, Box, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconRobotOff } from '@tabler/icons-react';
import { useState } from 'react';
import { fillBotText, type BotFlowBody } from './bot-flow-api';
import { t } from '../../i18n';

const WA_GREEN = '#075e54';
const WA_WALL = '#efeae2';
const WA_OWN = '#d9fdd3';

type Line = { from: 'customer' | 'bot'; text: string; step?: string };

/** The sample conversation: what the customer writes, and the bot's answers with the sample values filled. */
function conversation(flow: BotFlowBody, storeOpen: boolean, account: string): Line[] {
  const hello: Line = { from: 'customer', text: t('chats.botFlow.preview.customerHello') };
  if (!storeOpen) return [hello, { from: 'bot', step: t('chats.botFlow.fields.business_hours'), text: flow.business_hours }];
  const list = t('chats.botFlow.preview.customerList');
  const items = list.split('\n').filter((l) => l.trim()).length;
  return [
    hello,
    { from: 'bot', step: t('chats.botFlow.fields.greeting'), text: fillBotText(flow.greeting, { nome: t('chats.botFlow.preview.customerName'), loja: account }) },
    { from: 'bot', step: t('chats.botFlow.fields.menu'), text: flow.menu },
    { from: 'customer', text: '1' },
    { from: 'bot', step: t('chats.botFlow.fields.list_prompt'), text: flow.list_prompt },
    { from: 'customer', text: list },
    { from: 'bot', step: t('chats.botFlow.fields.list_received'), text: fillBotText(flow.list_received, { itens: items }) },
    { from: 'bot', step: t('chats.botFlow.fields.handover'), text: flow.handover },
  ];
}

function Bubble({ line }: { line: Line }) {
  const own = line.from === 'customer';
  const empty = line.text.trim() === '';
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid="bot-preview-message" data-from={line.from}>
      <Box maw="85%" px={10} py={6} style={{ background: own ? WA_OWN : 'white', borderRadius: 8, boxShadow: '0 1px 0.5px rgba(0,0,0,0.13)' }}>
        <Stack gap={2}>
          {line.step && (
            <Text size="10px" fw={600} c="teal.8" tt="uppercase" style={{ letterSpacing: 0.3 }}>
              {line.step}
            </Text>
          )}
          <Text size="sm" c={empty ? 'dimmed' : 'dark'} fs={empty ? 'italic' : undefined} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="bot-preview-text">
            {empty ? t('chats.botFlow.preview.empty') : line.text}
          </Text>
        </Stack>
      </Box>
    </Group>
  );
}

/** The conversation as the customer's WhatsApp shows it, from the form's current texts (sample name, list and store). */
export function BotFlowPreview({ flow, account }: { flow: BotFlowBody; account: string }) {
  const [open, setOpen] = useState<'open' | 'closed'>('open');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="bot-flow-preview">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={5}>{t('chats.botFlow.preview.title')}</Title>
          <SegmentedControl
            size="xs"
            aria-label={t('chats.botFlow.preview.scenario')}
            value={open}
            onChange={(v) => setOpen(v as 'open' | 'closed')}
            data={[
              { value: 'open', label: t('chats.botFlow.preview.open') },
              { value: 'closed', label: t('chats.botFlow.preview.closed') },
            ]}
          />
        </Group>
        {!flow.enabled && (
          <Alert color="gray" variant="light" icon={<IconRobotOff size={18} />} p="xs" data-testid="bot-preview-disabled">
            <Text size="sm">{t('chats.botFlow.preview.disabled')}</Text>
          </Alert>
        )}
        <Box style={{ border: '8px solid #1f2328', borderRadius: 28, overflow: 'hidden', background: WA_WALL, opacity: flow.enabled ? 1 : 0.55 }}>
          <Group gap="sm" px="md" py={10} style={{ background: WA_GREEN }} wrap="nowrap">
            <Avatar color="teal" radius="xl" size={32} variant="filled">
              {account.slice(0, 1)}
            </Avatar>
            <Text c="white" fw={600} size="sm" truncate="end">
              {account}
            </Text>
          </Group>
          <Stack gap={6} p="sm" mih={320} data-testid="bot-preview-thread">
            {conversation(flow, open === 'open', account).map((line, i) => (
              <Bubble key={i} line={line} />
            ))}
          </Stack>
        </Box>
        <Text size="xs" c="dimmed">
          {t('chats.botFlow.preview.hint', { name: t('chats.botFlow.preview.customerName'), account })}
        </Text>
      </Stack>
    </Card>
  );
}
