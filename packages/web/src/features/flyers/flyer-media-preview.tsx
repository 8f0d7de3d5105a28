import { Anchor, Box, Center, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconPhotoOff, IconVideo } from '@tabler/icons-react';
import { mediaKind } from './media-upload';
import { t } from '../../i18n';

interface Media {
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
}

/** The list's small picture of a flyer's media: the image, or an icon for video and PDF. */
export function FlyerThumbnail({ media, name }: { media: Media; name: string }) {
  const kind = mediaKind(media.media_type, media.media_url);
  const size = { w: 48, h: 64 };
  if (kind === 'image' && media.media_url) {
    return <Image src={media.media_url} alt={name} {...size} radius="sm" fit="cover" style={{ border: '1px solid var(--mantine-color-default-border)' }} />;
  }
  const Icon = kind === 'video' ? IconVideo : kind === 'pdf' ? IconFileTypePdf : IconPhotoOff;
  return (
    <Center {...size} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }} aria-label={kind ? (media.media_name ?? name) : t('flyers.noMedia')}>
      <Icon size={22} color="var(--mantine-color-dimmed)" />
    </Center>
  );
}

/** The full preview: <img> for images, <video> for MP4, an embedded PDF with a link to open it. */
export function FlyerMediaPreview({ media, maxHeight = 520 }: { media: Media; maxHeight?: number }) {
  const kind = mediaKind(media.media_type, media.media_url);
  if (!media.media_url || !kind) {
    return (
      <Center py="xl">
        <Stack align="center" gap={4}>
          <ThemeIcon variant="light" color="gray" size={44} radius="xl">
            <IconPhotoOff size={24} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {t('flyers.noMedia')}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (kind === 'image') {
    return <Image src={media.media_url} alt={media.media_name ?? t('flyers.media.preview')} mah={maxHeight} fit="contain" radius="sm" data-testid="flyer-media-image" />;
  }
  if (kind === 'video') {
    return (
      <Box component="video" src={media.media_url} controls preload="metadata" data-testid="flyer-media-video" style={{ width: '100%', maxHeight, borderRadius: 'var(--mantine-radius-sm)', background: '#000' }} />
    );
  }
  return (
    <Stack gap="xs" data-testid="flyer-media-pdf">
      <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
        <Box component="iframe" src={media.media_url} title={t('flyers.media.pdfTitle')} style={{ width: '100%', height: maxHeight, border: 0, display: 'block' }} />
      </Paper>
      <Group gap={6}>
        <IconFileTypePdf size={16} />
        <Anchor href={media.media_url} target="_blank" rel="noreferrer" size="sm">
          {t('flyers.media.openPdf')}
          {media.media_name ? `: ${media.media_name}` : ''}
        </Anchor>
      </Group>
    </Stack>
  );
}
