import { Button, FileButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconReplace, IconTrash } from '@tabler/icons-react';
import { UploadDropZone } from '../../shared/components/upload-drop-zone';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
          <UploadDropZone
            upload={upload}
            uploadingLabel={(name) => t('flyers.media.uploading', { name })}
            hint={t('flyers.media.drop')}
            picker={picker(t('flyers.media.choose'), 'light')}
            onFile={(file) => void send(file)}
            testId="flyer-media-drop"
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
