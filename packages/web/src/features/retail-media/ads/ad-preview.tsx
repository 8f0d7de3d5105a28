import { Center, Group, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoOff, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import type { Ad } from './api';
import { AdMediaPreview } from './ad-media-field';
import { CatalogProductRow } from './catalog-product';
import { t } from '../../../i18n';

const isVideo = (ad: Ad) => ad.settings.media_type === 'video' || (ad.settings.media_type ?? '').startsWith('video/') || /\.mp4$/i.test(ad.settings.media_url ?? '');

/** The picture of a banner (or signage image, or brand asset), that opens larger on click. */
export function EnlargeableImage({ src, alt, w, h }: { src: string; alt: string; w: number | string; h: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={t('rmAds.preview.enlarge', { name: alt })} style={{ lineHeight: 0 }}>
        <Image src={src} alt={alt} w={w} h={h} fit="contain" radius="sm" bg="var(--mantine-color-default-hover)" style={{ border: '1px solid var(--mantine-color-default-border)' }} />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} size="xl" centered title={<Text fw={600}>{alt}</Text>}>
        <Image src={src} alt={alt} fit="contain" mah="75vh" />
      </Modal>
    </>
  );
}

function NoMedia({ video = false }: { video?: boolean }) {
  const Icon = video ? IconVideo : IconPhotoOff;
  return (
    <Center w={96} h={54} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Icon size={20} color="var(--mantine-color-dimmed)" />
    </Center>
  );
}

/** How an ad reads in a list: banner thumbnail, product picture + name + SKU, or a brand's headline. */
export function AdPreview({ ad, size = 'sm' }: { ad: Ad; size?: 'sm' | 'lg' }) {
  const s = ad.settings;
  const dims = size === 'lg' ? { w: '100%', h: 160 } : { w: 96, h: 54 };
  switch (ad.ad_type) {
    case 'product':
      return <CatalogProductRow product={{ sku: s.sku ?? '', name: s.product_name, image_url: s.product_image_url }} />;
    case 'banner':
      if (!s.media_url) return <NoMedia />;
      if (isVideo(ad)) return size === 'lg' ? <AdMediaPreview value={{ url: s.media_url, media_type: 'video' }} height={160} alt="" /> : <NoMedia video />;
      return <EnlargeableImage src={s.media_url} alt={s.alt_text ?? t('rmAds.types.banner')} {...dims} />;
    case 'sponsored_brand': {
      // The thumbnail is the first image; a brand of videos only shows the video mark.
      const image = s.assets.find((a) => a.type === 'image');
      return (
        <Group gap="sm" wrap="nowrap" miw={0}>
          {image ? <EnlargeableImage src={image.url} alt={s.brand_name ?? s.headline ?? ''} w={72} h={40} /> : <NoMedia video={s.assets.length > 0} />}
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} lineClamp={1}>
              {s.headline}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {s.brand_name}
            </Text>
          </Stack>
        </Group>
      );
    }
    case 'digital_signage':
      if (!s.media_url) return <NoMedia />;
      if (isVideo(ad)) return size === 'lg' ? <AdMediaPreview value={{ url: s.media_url, media_type: 'video' }} height={160} alt="" /> : <NoMedia video />;
      return <EnlargeableImage src={s.media_url} alt={t('rmAds.types.digital_signage')} {...dims} />;
  }
}
