import { Box, Center, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconChecks, IconFileText, IconPhoto, IconVideo } from '@tabler/icons-react';
import { Fragment } from 'react';
import { fillPlaceholders, parseWhatsAppText, type TextRun } from './whatsapp-format';
import { t } from '../../i18n';

export interface PreviewMedia {
  url: string | null;
  type: string | null;
  name: string | null;
}

interface Props {
  text: string;
  buttons: readonly string[];
  media?: PreviewMedia | null;
  /** Example values of the message's variables ({{nome}} …). */
  examples?: Readonly<Record<string, string>>;
}

const WALLPAPER = '#efeae2';
const BUBBLE = '#ffffff';

function Run({ run }: { run: TextRun }) {
  let node = <>{run.text}</>;
  if (run.mono) node = <code style={{ fontFamily: 'monospace' }}>{node}</code>;
  if (run.strike) node = <s>{node}</s>;
  if (run.italic) node = <em>{node}</em>;
  if (run.bold) node = <strong>{node}</strong>;
  return node;
}

function MediaBlock({ media }: { media: PreviewMedia }) {
  if (media.url && media.type?.startsWith('image/')) return <Image src={media.url} alt={media.name ?? ''} radius="sm" mah={220} fit="cover" data-testid="whatsapp-preview-image" />;
  const Icon = media.type?.startsWith('video/') ? IconVideo : media.type === 'application/pdf' ? IconFileText : IconPhoto;
  return (
    <Center h={120} bg="#d9dbd5" style={{ borderRadius: 6 }}>
      <Stack gap={4} align="center">
        <Icon size={32} color="#667781" />
        {media.name && (
          <Text size="xs" c="#667781" maw={200} truncate>
            {media.name}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/** How the message reaches the customer's WhatsApp: the bubble with its media and formatting, the quick-reply buttons under it. */
export function WhatsAppPreview({ text, buttons, media, examples }: Props) {
  const body = fillPlaceholders(text, examples ?? { nome: t('messagingCampaigns.preview.exampleName') });
  const lines = body.split('\n');
  return (
    <Box bg={WALLPAPER} p="md" style={{ borderRadius: 'var(--mantine-radius-md)' }} data-testid="whatsapp-preview" aria-label={t('messagingCampaigns.preview.title')}>
      <Stack gap={4} maw={340}>
        <Paper radius="md" p={6} bg={BUBBLE} shadow="xs" style={{ borderTopLeftRadius: 0 }}>
          <Stack gap={6}>
            {media?.url || media?.type ? <MediaBlock media={media} /> : null}
            <Text size="sm" c="#111b21" px={4} style={{ wordBreak: 'break-word' }} data-testid="whatsapp-preview-text">
              {body.trim() === '' ? (
                <Text span c="dimmed" fs="italic" size="sm">
                  {t('messagingCampaigns.preview.empty')}
                </Text>
              ) : (
                lines.map((line, i) => (
                  <Fragment key={i}>
                    {i > 0 && <br />}
                    {parseWhatsAppText(line).map((run, j) => (
                      <Run key={j} run={run} />
                    ))}
                  </Fragment>
                ))
              )}
            </Text>
            <Group justify="flex-end" gap={2} px={4}>
              <Text size="10px" c="#667781">
                10:30
              </Text>
              <IconChecks size={14} color="#53bdeb" />
            </Group>
          </Stack>
        </Paper>
        {buttons.map((label) => (
          <Paper key={label} radius="md" py={8} bg={BUBBLE} shadow="xs" data-testid="whatsapp-preview-button">
            <Group justify="center" gap={6}>
              <IconArrowBackUp size={16} color="#00a5f4" />
              <Text size="sm" c="#00a5f4" fw={500}>
                {label}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
