import { AD_VIDEO_FRAMES, type AdCreativeMediaKind } from '@backoffice/contracts';
import { Input, SegmentedControl, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AdFormValues } from './ad-form-values';
import { AdMediaField } from './ad-media-field';
import type { AdSize } from './api';
import { t } from '../../../i18n';

interface Props {
  form: UseFormReturnType<AdFormValues>;
  /** The publisher's banner sizes (undefined while loading). */
  sizes: AdSize[] | undefined;
  onUploadingChange: (uploading: boolean) => void;
}

/** A size whose frame is one of the video sizes an ad query names (1280x720…). */
export const isVideoSize = (s: Pick<AdSize, 'width' | 'height'>) => AD_VIDEO_FRAMES.includes(`${s.width}x${s.height}`);

/** A banner's media kind, its size (only video sizes for a video), the file, and the texts around it. */
export function BannerFields({ form, sizes, onUploadingChange }: Props) {
  const v = form.getValues();
  const video = v.banner_kind === 'video';
  // Video sizes largest first (1080p … 320p), as the API names them.
  const choices = video ? (sizes ?? []).filter(isVideoSize).sort((a, b) => b.width - a.width) : (sizes ?? []);
  const size = choices.find((s) => String(s.id) === v.ad_size_id);

  const setKind = (kind: AdCreativeMediaKind) => {
    if (kind === v.banner_kind) return;
    const current = (sizes ?? []).find((s) => String(s.id) === v.ad_size_id);
    // The file was of the other kind: send it again; a size a video cannot have is cleared.
    form.setValues({ banner_kind: kind, media_url: '', media_type: '', ad_size_id: kind === 'video' && current && !isVideoSize(current) ? null : v.ad_size_id });
    form.clearFieldError('media_url');
  };

  const mediaHint = !size
    ? t(video ? 'rmAds.media.chooseVideoSizeFirst' : 'rmAds.media.chooseSizeFirst')
    : t(video ? 'rmAds.media.videoFrame' : 'rmAds.media.exactSize', { name: size.name, width: size.width, height: size.height });

  return (
    <>
      <Input.Wrapper label={t('rmAds.form.mediaKind')} required>
        <div>
          <SegmentedControl
            mt={6}
            value={v.banner_kind}
            onChange={(value) => setKind(value as AdCreativeMediaKind)}
            data={[
              { value: 'image', label: t('rmAds.form.kindImage') },
              { value: 'video', label: t('rmAds.form.kindVideo') },
            ]}
            aria-label={t('rmAds.form.mediaKind')}
          />
        </div>
      </Input.Wrapper>
      <Select
        label={t('rmAds.form.adSize')}
        description={video ? t('rmAds.form.videoSizesHint') : undefined}
        placeholder={sizes === undefined ? t('common.loading') : t(video ? 'rmAds.form.videoSizePlaceholder' : 'rmAds.form.adSizePlaceholder')}
        data={choices.map((s) => ({ value: String(s.id), label: t('rmAds.form.adSizeOption', { name: s.name, width: s.width, height: s.height }) }))}
        nothingFoundMessage={t(video ? 'rmAds.form.noVideoSizes' : 'rmAds.form.noSizes')}
        required
        allowDeselect={false}
        key={form.key('ad_size_id')}
        {...form.getInputProps('ad_size_id')}
        onChange={(value) => {
          form.setFieldValue('ad_size_id', value);
          // The file was checked against the previous size: send it again.
          if (value !== v.ad_size_id) form.setValues({ media_url: '', media_type: '' });
        }}
      />
      {video && sizes !== undefined && choices.length === 0 && (
        <Input.Error>{t('rmAds.form.noVideoSizes')}</Input.Error>
      )}
      <AdMediaField
        label={t(video ? 'rmAds.form.bannerVideo' : 'rmAds.form.bannerImage')}
        description={mediaHint}
        adType="banner"
        kind={v.banner_kind}
        adSizeId={v.ad_size_id ? Number(v.ad_size_id) : null}
        disabled={!size}
        value={{ url: v.media_url, media_type: v.media_type }}
        onChange={(media) => {
          form.setValues({ media_url: media.url, media_type: media.media_type });
          form.clearFieldError('media_url');
        }}
        onUploadingChange={onUploadingChange}
        error={form.errors.media_url}
        testId="banner-media"
      />
      <TextInput label={t('rmAds.form.altText')} description={t(video ? 'rmAds.form.altTextHintVideo' : 'rmAds.form.altTextHint')} required maxLength={250} key={form.key('alt_text')} {...form.getInputProps('alt_text')} />
      <TextInput label={t('rmAds.form.destinationUrl')} placeholder="https://" key={form.key('destination_url')} {...form.getInputProps('destination_url')} />
      <TextInput
        label={t('rmAds.form.bannerBrand')}
        description={t('rmAds.form.bannerBrandHint')}
        maxLength={120}
        key={form.key('brand_name')}
        {...form.getInputProps('brand_name')}
      />
    </>
  );
}
