import { Button, FileButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconFileText, IconPhoto, IconReplace, IconTrash, IconVideo } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MESSAGING_MEDIA_TYPES } from '@backoffice/contracts';
import { UploadDropZone } from '../../shared/components/upload-drop-zone';
import { ApiError } from '../../shared/api/client';
import { checkMediaFile, uploadMessagingMedia } from './media-upload';
import { t } from '../../i18n';

export interface MediaValue {
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
}

export const NO_MEDIA: MediaValue = { media_url: null, media_type: null, media_name: null };

interface Props {
  value: MediaValue;
  onChange: (value: MediaValue) => void;
  /** Tells the form an upload is under way, so it is not submitted half done. */
  onUploadingChange: (uploading: boolean) => void;
  label: string;
  description: string;
  error?: ReactNode;
}

const ACCEPT = MESSAGING_MEDIA_TYPES.join(',');

function MediaIcon({ type }: { type: string | null }) {
  const props = { size: 20, color: 'var(--mantine-color-dimmed)' };
  if (type?.startsWith('video/')) return <IconVideo {...props} />;
  if (type === 'application/pdf') return <IconFileText {...props} />;
  return <IconPhoto {...props} />;
}

/** Spec §5 "media url, type and name sent": an optional file for the message's header, uploaded with progress. */
export function MediaField({ value, onChange, onUploadingChange, label, description, error }: Props) {
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
      const media = await uploadMessagingMedia(file, (percent) => setUpload({ name: file.name, percent }), controller.signal);
      onChange({ media_url: media.url, media_type: media.type, media_name: media.name });
    } catch (e) {
      if (!controller.signal.aborted) setFileError(e instanceof ApiError ? e.message : t('messagingCampaigns.media.failed'));
    } finally {
      if (abort.current === controller) {
        setUpload(null);
        onUploadingChange(false);
      }
    }
  };

  const picker = (text: string, variant: 'light' | 'default') => (
    <FileButton onChange={(file) => void send(file)} accept={ACCEPT}>
      {(props) => (
        <Button {...props} variant={variant} size="xs" leftSection={value.media_url ? <IconReplace size={14} /> : <IconCloudUpload size={14} />} disabled={!!upload}>
          {text}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Input.Wrapper label={label} description={description} error={fileError ?? error}>
      <Stack gap="sm" mt={6}>
        {value.media_url && !upload ? (
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <MediaIcon type={value.media_type} />
                <Text size="sm" truncate data-testid="messaging-media-name">
                  {value.media_name ?? value.media_url}
                </Text>
              </Group>
              <Group gap="xs" wrap="nowrap">
                {picker(t('messagingCampaigns.media.replace'), 'default')}
                <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => onChange(NO_MEDIA)}>
                  {t('messagingCampaigns.media.remove')}
                </Button>
              </Group>
            </Group>
          </Paper>
        ) : (
          <UploadDropZone
            upload={upload}
            uploadingLabel={(name) => t('messagingCampaigns.media.uploading', { name })}
            hint={t('messagingCampaigns.media.drop')}
            picker={picker(t('messagingCampaigns.media.choose'), 'light')}
            onFile={(file) => void send(file)}
            padding="md"
            testId="messaging-media-drop"
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
