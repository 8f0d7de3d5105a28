import { Center, Image } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { t } from '../../../i18n';

/** A square thumbnail (a product's picture), or a placeholder when the catalogue has none. */
export function Thumbnail({ url, alt, size = 96 }: { url: string | null; alt: string; size?: number }) {
  if (!url)
    return (
      <Center w={size} h={size} bg="gray.1" style={{ borderRadius: 8, flexShrink: 0 }} aria-label={t('rmTester.results.noMedia')}>
        <IconPhotoOff size={size / 3.4} color="var(--mantine-color-gray-5)" />
      </Center>
    );
  return <Image src={url} alt={alt} w={size} h={size} fit="contain" radius="sm" bg="gray.0" style={{ flexShrink: 0 }} />;
}

/**
 * A banner's, brand's or screen's creative as it would play: a picture, or a video with controls,
 * muted (browsers only start muted videos by themselves, and a tester should not make noise).
 */
export function CreativeMedia({ url, assetType, alt }: { url: string; assetType: 'image' | 'video'; alt: string }) {
  if (assetType === 'video')
    return (
      <video
        src={url}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={alt}
        data-testid="tester-ad-video"
        style={{ display: 'block', width: '100%', maxHeight: 320, background: 'var(--mantine-color-dark-7)', borderRadius: 8 }}
      />
    );
  return <Image src={url} alt={alt} mah={240} fit="contain" radius="sm" bg="gray.0" data-testid="tester-ad-image" />;
}
