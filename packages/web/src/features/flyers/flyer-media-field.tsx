import { Button, FileButton, Group, Input, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload, IconReplace, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { FLYER_MEDIA_TYPES } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { FlyerMediaPreview } from './flyer-media-preview';
import { checkMediaFile, uploadFlyerMedia } from './media-upload';
import type { FlyerMedia } from './api';
import { t } from '../../i18n';

export interface MediaValue {
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
}

interface Props {
  value: MediaValue;
  onChange: (value: MediaValue) => void;
  /** Tells the form an upload is under way, so it is not submitted half done. */
  onUploadingChange: (uploading: boolean) => void;
  error?: ReactNode;
}

const ACCEPT = FLYER_MEDIA_TYPES.join(',');

/** Spec §5 "media url, type and name sent": picks or drops a file, uploads it with progress, then previews it. */
export function FlyerMediaField({ value, onChange, onUploadingChange, error }: Props) {
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File | null) => {
    if (!file) return;
    const problem = checkMediaFile(file);
    setFileError(problem);
    if (problem) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ name: file.name, percent: 0 });
    onUploadingChange(true);
    try {
      const media: FlyerMedia = await uploadFlyerMedia(file, (percent) => setUpload({ name: file.name, percent }), controller.signal);
      onChange({ media_url: media.media_url, media_type: media.media_type, media_name: media.media_name });
    } catch (e) {
      if (!controller.signal.aborted) setFileError(e instanceof ApiError ? e.message : t('flyers.media.failed'));
    } finally {
      if (abort.current === controller) {
        setUpload(null);
        onUploadingChange(false);
      }
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void send(e.dataTransfer.files[0] ?? null);
  };

  const picker = (label: string, variant: 'light' | 'default') => (
    <FileButton onChange={(file) => void send(file)} accept={ACCEPT}>
      {(props) => (
        <Button {...props} variant={variant} size="xs" leftSection={value.media_url ? <IconReplace size={14} /> : <IconCloudUpload size={14} />} disabled={!!upload}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Input.Wrapper label={t('flyers.form.media')} description={t('flyers.media.hint')} error={fileError ?? error}>
      <Stack gap="sm" mt={6}>
        {value.media_url && !upload ? (
          <Paper withBorder radius="md" p="sm">
            <Stack gap="sm">
              <FlyerMediaPreview media={value} maxHeight={360} />
              <Group justify="space-between" gap="xs">
                <Text size="sm" c="dimmed" truncate maw="60%" data-testid="flyer-media-name">
                  {value.media_name}
                </Text>
                <Group gap="xs">
                  {picker(t('flyers.media.replace'), 'default')}
                  <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => onChange({ media_url: null, media_type: null, media_name: null })}>
                    {t('flyers.media.remove')}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Paper
            withBorder
            radius="md"
            p="lg"
            data-testid="flyer-media-drop"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{ borderStyle: 'dashed', borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined, background: dragging ? 'var(--mantine-primary-color-light)' : undefined }}
          >
            {upload ? (
              <Stack gap={6} aria-live="polite">
                <Group justify="space-between">
                  <Text size="sm" truncate maw="80%">
                    {t('flyers.media.uploading', { name: upload.name })}
                  </Text>
                  <Text size="sm" fw={600}>
                    {upload.percent}%
                  </Text>
                </Group>
                <Progress value={upload.percent} animated size="md" aria-label={t('flyers.media.uploading', { name: upload.name })} />
              </Stack>
            ) : (
              <Stack align="center" gap="xs">
                <ThemeIcon variant="light" size={44} radius="xl">
                  <IconCloudUpload size={24} />
                </ThemeIcon>
                <Text size="sm" c="dimmed" ta="center">
                  {t('flyers.media.drop')}
                </Text>
                {picker(t('flyers.media.choose'), 'light')}
              </Stack>
            )}
          </Paper>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
