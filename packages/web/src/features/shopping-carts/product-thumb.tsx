import { Image, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

/** A product's picture, or a neutral box when it has none. */
export function ProductThumb({ src, size = 44, alt }: { src: string | null | undefined; size?: number; alt: string }) {
  if (!src)
    return (
      <ThemeIcon variant="light" color="gray" size={size} radius="md" aria-hidden>
        <IconPackage size={size / 2} />
      </ThemeIcon>
    );
  return <Image src={src} alt={alt} w={size} h={size} fit="contain" radius="md" style={{ flexShrink: 0, background: 'white' }} />;
}
