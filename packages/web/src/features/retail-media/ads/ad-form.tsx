import { AD_SIGNAGE_DURATION } from '@backoffice/contracts';
import { Alert, Group, NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/notify';
import { adSizesQuery, useAccountId } from './api';
import { adFieldOf, signageKind, validateAdForm, type AdFormValues } from './ad-form-values';
import { AdMediaField } from './ad-media-field';
import { BannerFields } from './banner-fields';
import { BrandAssetsField } from './brand-assets-field';
import { CatalogPicker } from './catalog-picker';
import { t } from '../../../i18n';
import { FormActions } from '../../../shared/components/form-actions';

interface Props {
  publisherId: number;
  initialValues: AdFormValues;
  submitLabel: string;
  pending: boolean;
  /** Saves the values; rejects with the API's error, which the form places beside its field. */
  onSubmit: (values: AdFormValues) => Promise<unknown>;
  onCancel: () => void;
  cancelLabel?: string;
}

/** A video's length in whole seconds (1 to 600), read by the browser from its metadata; null when it cannot tell. */
function videoSeconds(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.onloadedmetadata = () =>
      resolve(Number.isFinite(video.duration) && video.duration > 0 ? Math.min(AD_SIGNAGE_DURATION.max, Math.max(AD_SIGNAGE_DURATION.min, Math.ceil(video.duration))) : null);
    video.onerror = () => resolve(null);
    video.src = url;
  });
}

/** One ad's creative, by its type (product, banner, sponsored brand, digital signage), validated with the contracts' schema. */
export function AdForm({ publisherId, initialValues, submitLabel, pending, onSubmit, onCancel, cancelLabel }: Props) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const form = useForm<AdFormValues>({ initialValues, validate: validateAdForm });
  const sizes = useQuery({ ...adSizesQuery(useAccountId(), publisherId), enabled: initialValues.ad_type === 'banner' });
  const v = form.getValues();
  const uploading = (busy: boolean) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1)));

  const submit = form.onSubmit((values) => {
    setServerError(null);
    onSubmit(values).catch((error: unknown) => {
      if (!(error instanceof ApiError)) return notifyError(error);
      const details = error.status === 400 ? (error.details ?? []) : [];
      for (const d of details) form.setFieldError(adFieldOf(d.field), d.message);
      if (details.length === 0) setServerError(error.message);
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {(serverError || form.errors.root) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError ?? form.errors.root}
          </Alert>
        )}

        {v.ad_type === 'product' && (
          <CatalogPicker
            label={t('rmAds.form.product')}
            publisherId={publisherId}
            multiple={false}
            required
            value={v.sku ? [{ id: 0, sku: v.sku, name: v.product_name || v.sku, image_url: v.product_image_url }] : []}
            onChange={(products) => {
              const p = products[0];
              form.setValues({ sku: p?.sku ?? '', product_name: p?.name ?? '', product_image_url: p?.image_url ?? null });
              form.clearFieldError('sku');
            }}
            error={form.errors.sku}
          />
        )}

        {v.ad_type === 'banner' && <BannerFields form={form} sizes={sizes.data} onUploadingChange={uploading} />}

        {v.ad_type === 'sponsored_brand' && (
          <>
            <TextInput label={t('rmAds.form.headline')} required maxLength={120} key={form.key('headline')} {...form.getInputProps('headline')} />
            <Textarea label={t('rmAds.form.description')} required autosize minRows={2} maxRows={5} maxLength={500} key={form.key('description')} {...form.getInputProps('description')} />
            <Group grow align="flex-start" wrap="wrap">
              <TextInput label={t('rmAds.form.brandName')} required maxLength={120} miw={200} key={form.key('brand_name')} {...form.getInputProps('brand_name')} />
              <TextInput label={t('rmAds.form.brandUrl')} required placeholder="https://" miw={200} key={form.key('brand_url')} {...form.getInputProps('brand_url')} />
            </Group>
            <BrandAssetsField form={form} onUploadingChange={uploading} />
          </>
        )}

        {v.ad_type === 'digital_signage' && (
          <>
            <AdMediaField
              label={t('rmAds.form.signageMedia')}
              description={t('rmAds.media.signageHint')}
              adType="digital_signage"
              value={{ url: v.media_url, media_type: v.media_type }}
              onChange={(media) => {
                form.setValues({ media_url: media.url, media_type: media.media_type });
                form.clearFieldError('media_url');
                // A video plays for its own length unless told otherwise.
                if (media.media_type.startsWith('video') && form.getValues().duration === '') {
                  void videoSeconds(media.url).then((seconds) => {
                    if (seconds !== null && form.getValues().duration === '') form.setFieldValue('duration', seconds);
                  });
                }
              }}
              onUploadingChange={uploading}
              error={form.errors.media_url}
              previewHeight={260}
            />
            <NumberInput
              label={t('rmAds.form.duration')}
              description={t('rmAds.form.durationHint')}
              placeholder={String(AD_SIGNAGE_DURATION.imageDefault)}
              required={signageKind(v.media_type) === 'video'}
              min={AD_SIGNAGE_DURATION.min}
              max={AD_SIGNAGE_DURATION.max}
              allowDecimal={false}
              allowNegative={false}
              suffix=" s"
              styles={{ wrapper: { maxWidth: 240 } }}
              key={form.key('duration')}
              {...form.getInputProps('duration')}
            />
          </>
        )}

        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} cancelLabel={cancelLabel} submitDisabled={uploads > 0} />
      </Stack>
    </form>
  );
}
