import { ActionIcon, Button, Card, Group, Input, Stack, Text, TextInput } from '@mantine/core';
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

/** A sponsored brand's images: each uploaded, with its dimension filled from the image (and editable). */
export function BrandAssetsField({ form, onUploadingChange }: Props) {
  const assets = form.getValues().assets;
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
              <AdMediaField
                label={t('rmAds.form.assetImage')}
                adType="sponsored_brand"
                value={{ url: asset.url, media_type: asset.url ? 'image' : '' }}
                onChange={(media, uploaded) => {
                  form.setFieldValue(`assets.${i}.url`, media.url);
                  if (uploaded?.width && uploaded.height) form.setFieldValue(`assets.${i}.dimension`, `${uploaded.width}x${uploaded.height}`);
                  form.clearFieldError(`assets.${i}.url`);
                }}
                onUploadingChange={onUploadingChange}
                error={form.errors[`assets.${i}.url`]}
                previewHeight={140}
              />
              <TextInput
                label={t('rmAds.form.dimension')}
                description={t('rmAds.form.dimensionHint')}
                placeholder="1200x300"
                required
                maw={240}
                key={form.key(`assets.${i}.dimension`)}
                {...form.getInputProps(`assets.${i}.dimension`)}
              />
            </Stack>
          </Card>
        ))}
        {assets.length < MAX_ASSETS && (
          <Button variant="light" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('assets', { dimension: '', url: '' })}>
            {t('rmAds.form.addAsset')}
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
