import { RMA_VIDEO_SIZES, type AdCreativeMediaKind } from '@backoffice/contracts';
import { ActionIcon, Button, Card, Group, Input, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { AdMediaField } from './ad-media-field';
import type { AdFormValues } from './ad-form-values';
import { t } from '../../../i18n';

/** The API takes up to 10 assets per sponsored brand ad. */
const MAX_ASSETS = 10;

interface Props {
  form: UseFormReturnType<AdFormValues>;
  onUploadingChange: (uploading: boolean) => void;
}

/** The frames a video asset may have, named as an ad query asks for them (1080p…). */
const VIDEO_FRAME_OPTIONS = Object.entries(RMA_VIDEO_SIZES).map(([name, frame]) => {
  const [width, height] = frame.split('x');
  return { value: frame, label: t('rmAds.form.adSizeOption', { name, width: width!, height: height! }) };
});

/**
 * A sponsored brand's media: images, with the dimension filled from the file (and editable), and
 * MP4 videos, whose frame is chosen among the video sizes.
 */
export function BrandAssetsField({ form, onUploadingChange }: Props) {
  const assets = form.getValues().assets;
  const setKind = (i: number, kind: AdCreativeMediaKind) => {
    if (kind === assets[i]!.type) return;
    // The file and its dimension were of the other kind.
    form.setFieldValue(`assets.${i}`, { type: kind, url: '', dimension: '' });
    form.clearFieldError(`assets.${i}.url`);
    form.clearFieldError(`assets.${i}.dimension`);
  };
  return (
    <Input.Wrapper label={t('rmAds.form.assets')} description={t('rmAds.form.assetsHint')} error={typeof form.errors.assets === 'string' ? form.errors.assets : undefined} required>
      <Stack gap="sm" mt={6}>
        {assets.map((asset, i) => (
          <Card key={form.key(`assets.${i}`)} withBorder radius="md" padding="sm" data-testid="brand-asset">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {t('rmAds.form.assetN', { n: i + 1 })}
                </Text>
                {assets.length > 1 && (
                  <ActionIcon variant="subtle" color="red" onClick={() => form.removeListItem('assets', i)} aria-label={t('rmAds.form.removeAsset', { n: i + 1 })}>
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              <SegmentedControl
                size="xs"
                w="fit-content"
                value={asset.type}
                onChange={(value) => setKind(i, value as AdCreativeMediaKind)}
                data={[
                  { value: 'image', label: t('rmAds.form.kindImage') },
                  { value: 'video', label: t('rmAds.form.kindVideo') },
                ]}
                aria-label={t('rmAds.form.assetKind', { n: i + 1 })}
              />
              <AdMediaField
                label={t('rmAds.form.assetImage')}
                adType="sponsored_brand"
                kind={asset.type}
                value={{ url: asset.url, media_type: asset.url ? asset.type : '' }}
                onChange={(media, uploaded) => {
                  form.setFieldValue(`assets.${i}.url`, media.url);
                  if (uploaded?.width && uploaded.height) form.setFieldValue(`assets.${i}.dimension`, `${uploaded.width}x${uploaded.height}`);
                  form.clearFieldError(`assets.${i}.url`);
                }}
                onUploadingChange={onUploadingChange}
                error={form.errors[`assets.${i}.url`]}
                previewHeight={140}
              />
              {asset.type === 'video' ? (
                <Select
                  label={t('rmAds.form.videoDimension')}
                  description={t('rmAds.form.videoDimensionHint')}
                  placeholder={t('rmAds.form.videoSizePlaceholder')}
                  data={VIDEO_FRAME_OPTIONS}
                  required
                  allowDeselect={false}
                  styles={{ wrapper: { maxWidth: 280 } }}
                  key={form.key(`assets.${i}.dimension`)}
                  {...form.getInputProps(`assets.${i}.dimension`)}
                />
              ) : (
                <TextInput
                  label={t('rmAds.form.dimension')}
                  description={t('rmAds.form.dimensionHint')}
                  placeholder="1200x300"
                  required
                  styles={{ wrapper: { maxWidth: 240 } }}
                  key={form.key(`assets.${i}.dimension`)}
                  {...form.getInputProps(`assets.${i}.dimension`)}
                />
              )}
            </Stack>
          </Card>
        ))}
        {assets.length < MAX_ASSETS && (
          <Button variant="light" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('assets', { dimension: '', url: '', type: 'image' })}>
            {t('rmAds.form.addAsset')}
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
