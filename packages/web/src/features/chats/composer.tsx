import { ActionIcon, Alert, CloseButton, FileButton, Group, Paper, Popover, Progress, ScrollArea, Stack, Text, Textarea, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPaperclip, IconSearch, IconSend, IconShoppingCart, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CHAT_MEDIA_MAX_BYTES, CHAT_MEDIA_TYPES } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { uploadWithProgress } from '../../shared/api/upload';
import { templatesQuery, useAccountId, type ChatTemplate } from './api';
import { useSendMessage } from './use-send-message';
import { t } from '../../i18n';

type Uploaded = { media_url: string; media_type: (typeof CHAT_MEDIA_TYPES)[number]; media_name: string; size: number };

/** The chat templates the user may send (active ones), searchable by shortcut, title or text. */
function TemplatePicker({ onPick, disabled }: { onPick: (template: ChatTemplate) => void; disabled: boolean }) {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const templates = useQuery(templatesQuery(useAccountId()));
  const q = text.trim().toLowerCase();
  const rows = (templates.data ?? []).filter((tpl) => tpl.status === 'active' && (!q || `${tpl.templateId} ${tpl.title} ${tpl.body}`.toLowerCase().includes(q)));
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" width={380} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={t('chats.composer.template')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('chats.composer.template')} disabled={disabled} onClick={() => setOpened((o) => !o)}>
            <IconTemplate size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput size="xs" placeholder={t('chats.composer.templateSearch')} leftSection={<IconSearch size={14} />} value={text} onChange={(e) => setText(e.currentTarget.value)} data-autofocus />
          <ScrollArea.Autosize mah={280}>
            <Stack gap={4}>
              {templates.isError && <Text size="sm" c="red">{t('chats.templates.loadError')}</Text>}
              {templates.data && rows.length === 0 && (
                <Text size="sm" c="dimmed" ta="center" py="sm">
                  {t('chats.composer.noTemplates')}
                </Text>
              )}
              {rows.map((tpl) => (
                <UnstyledButton
                  key={tpl.id}
                  p="xs"
                  data-testid="template-option"
                  style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-default-border)' }}
                  onClick={() => {
                    setOpened(false);
                    onPick(tpl);
                  }}
                >
                  <Text size="sm" fw={600}>
                    {tpl.title} <Text span size="xs" c="dimmed">/{tpl.templateId}</Text>
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {tpl.body}
                  </Text>
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Writes to the customer: text (Enter sends, Shift+Enter breaks the line), a file (uploaded with its
 * progress, the text as its caption), a chat template, or the cart dialog (`onCart`).
 */
export function Composer({ chatId, disabledReason, onCart }: { chatId: number; disabledReason: string | null; onCart: () => void }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(chatId);
  const disabled = disabledReason !== null;
  const busy = send.isPending || progress !== null;

  const pickFile = (picked: File | null) => {
    setError(null);
    if (!picked) return;
    if (!(CHAT_MEDIA_TYPES as readonly string[]).includes(picked.type)) return setError(t('chats.composer.mediaType'));
    if (picked.size > CHAT_MEDIA_MAX_BYTES) return setError(t('chats.composer.mediaSize'));
    setFile(picked);
  };

  const submit = async () => {
    if (disabled || busy) return;
    setError(null);
    const body = text.trim();
    try {
      if (file) {
        const form = new FormData();
        form.append('file', file);
        setProgress(0);
        const media = await uploadWithProgress<Uploaded>('/api/chats/media', form, setProgress, { failedMessage: t('chats.composer.uploadError') });
        setProgress(null);
        await send.mutateAsync({ kind: 'media', media_url: media.media_url, media_type: media.media_type, media_name: media.media_name, caption: body || null });
        setFile(null);
      } else {
        if (!body) return;
        await send.mutateAsync({ kind: 'text', text: body });
      }
      setText('');
    } catch (e) {
      setProgress(null);
      setError(e instanceof ApiError ? e.message : t('chats.composer.sendError'));
    }
  };

  return (
    <Paper p="sm" withBorder radius={0} style={{ borderLeft: 0, borderRight: 0, borderBottom: 0 }} data-testid="composer">
      <Stack gap="xs">
        {disabledReason && (
          <Text size="sm" c="dimmed" ta="center" data-testid="composer-disabled">
            {disabledReason}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" p="xs" withCloseButton onClose={() => setError(null)} data-testid="composer-error">
            {error}
          </Alert>
        )}
        {file && (
          <Group gap="xs" wrap="nowrap" data-testid="composer-attachment">
            <IconPaperclip size={16} />
            <Text size="sm" truncate="end" style={{ flex: 1 }}>
              {file.name}
            </Text>
            {progress !== null ? <Progress value={progress} w={120} size="sm" aria-label={t('chats.composer.uploading')} /> : <CloseButton size="sm" aria-label={t('chats.composer.removeFile')} onClick={() => setFile(null)} />}
          </Group>
        )}
        <Group gap={4} align="flex-end" wrap="nowrap">
          <FileButton onChange={pickFile} accept={CHAT_MEDIA_TYPES.join(',')} disabled={disabled || busy}>
            {(props) => (
              <Tooltip label={t('chats.composer.attach')}>
                <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label={t('chats.composer.attach')} disabled={disabled || busy}>
                  <IconPaperclip size={20} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <TemplatePicker disabled={disabled || busy} onPick={(tpl) => send.mutateAsync({ kind: 'template', template_id: tpl.id }).catch((e: unknown) => setError(e instanceof ApiError ? e.message : t('chats.composer.sendError')))} />
          <Tooltip label={t('chats.composer.cart')}>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('chats.composer.cart')} disabled={disabled} onClick={onCart}>
              <IconShoppingCart size={20} />
            </ActionIcon>
          </Tooltip>
          <Textarea
            aria-label={t('chats.composer.label')}
            placeholder={file ? t('chats.composer.captionPlaceholder') : t('chats.composer.placeholder')}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={4096}
            value={text}
            disabled={disabled}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
            style={{ flex: 1 }}
          />
          <Tooltip label={t('chats.composer.send')}>
            <ActionIcon size={36} radius="xl" color="teal" aria-label={t('chats.composer.send')} loading={busy} disabled={disabled || (!text.trim() && !file)} onClick={() => void submit()}>
              <IconSend size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Paper>
  );
}
