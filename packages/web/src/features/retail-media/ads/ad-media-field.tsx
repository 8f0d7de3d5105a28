import { Box, Button, FileButton, Group, Image, Input, Paper, Stack } from '@mantine/core';
import { IconCloudUpload, IconReplace, IconTrash } from '@tabler/icons-react';
import { UploadDropZone } from '../../../shared/components/upload-drop-zone';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../../shared/api/client';
import { acceptedAdMedia, checkAdMediaFile, defaultMediaKind, uploadAdMedia, type AdMediaKind } from './ad-media-upload';
import type { AdMedia, AdType } from './api';
import { t } from '../../../i18n';

export interface AdMediaValue {
  url: string;
  media_type: string;
}

interface Props {
  label: string;
  description?: string;
  adType: AdType;
  /** What the field takes (default: images, or either for digital signage). */
  kind?: AdMediaKind;
  /** A banner's chosen size: the upload is checked against it (and waits for it). */
  adSizeId?: number | null;
  value: AdMediaValue;
  onChange: (value: AdMediaValue, media: AdMedia | null) => void;
  /** Tells the form an upload is under way, so it is not submitted half done. */
  onUploadingChange: (uploading: boolean) => void;
  error?: ReactNode;
  disabled?: boolean;
  /** The preview's height. */
  previewHeight?: number;
  testId?: string;
}

const DROP_HINT: Record<AdMediaKind, string> = { image: 'rmAds.media.drop', video: 'rmAds.media.dropVideo', any: 'rmAds.media.dropSignage' };

const isVideo = (value: AdMediaValue) => value.media_type.startsWith('video') || /\.mp4$/i.test(value.url);

/** The uploaded creative: the picture, or the MP4 with its controls. */
export function AdMediaPreview({ value, height = 200, alt }: { value: AdMediaValue; height?: number; alt: string }) {
  if (isVideo(value)) {
    return <Box component="video" src={value.url} controls preload="metadata" style={{ width: '100%', maxHeight: height, borderRadius: 'var(--mantine-radius-sm)', background: '#000' }} />;
  }
  return <Image src={value.url} alt={alt} mah={height} fit="contain" radius="sm" />;
}

/** Picks or drops a file, sends it to POST /ad/media with a progress bar, then previews it. */
export function AdMediaField({ label, description, adType, kind = defaultMediaKind(adType), adSizeId, value, onChange, onUploadingChange, error, disabled, previewHeight = 200, testId }: Props) {
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File | null) => {
    if (!file || disabled) return;
    const problem = checkAdMediaFile(file, kind);
    setFileError(problem);
    if (problem) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUpload({ name: file.name, percent: 0 });
    onUploadingChange(true);
    try {
      const media = await uploadAdMedia({ file, adType, adSizeId }, (percent) => setUpload({ name: file.name, percent }), controller.signal);
      onChange({ url: media.url, media_type: media.media_type }, media);
    } catch (e) {
      if (!controller.signal.aborted) setFileError(e instanceof ApiError ? e.message : t('rmAds.media.failed'));
    } finally {
      if (abort.current === controller) {
        setUpload(null);
        onUploadingChange(false);
      }
    }
  };

  const accept = acceptedAdMedia(kind).join(',');
  const picker = (text: string, variant: 'light' | 'default') => (
    <FileButton onChange={(file) => void send(file)} accept={accept} disabled={disabled}>
      {(props) => (
        <Button {...props} variant={variant} size="xs" leftSection={value.url ? <IconReplace size={14} /> : <IconCloudUpload size={14} />} disabled={!!upload || disabled}>
          {text}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Input.Wrapper label={label} description={description} error={fileError ?? error} required data-testid={testId}>
      <Stack gap="sm" mt={6}>
        {value.url && !upload ? (
          <Paper withBorder radius="md" p="sm">
            <Stack gap="sm">
              <AdMediaPreview value={value} height={previewHeight} alt={t('rmAds.media.preview')} />
              <Group justify="flex-end" gap="xs">
                {picker(t('rmAds.media.replace'), 'default')}
                <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => onChange({ url: '', media_type: '' }, null)}>
                  {t('rmAds.media.remove')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <UploadDropZone
            upload={upload}
            uploadingLabel={(name) => t('rmAds.media.uploading', { name })}
            hint={t(DROP_HINT[kind])}
            picker={picker(t('rmAds.media.choose'), 'light')}
            onFile={(file) => void send(file)}
            padding="md"
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
