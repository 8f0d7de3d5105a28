import { Avatar } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';

/** The product's picture, small; a package icon when it has none or it fails to load. */
export function ProductThumb({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  return (
    <Avatar src={src ?? undefined} alt={name} radius="sm" size={size} color="gray" variant="light" imageProps={{ style: { objectFit: 'contain', background: 'white' } }}>
      <IconPackage size={size * 0.5} aria-hidden />
    </Avatar>
  );
}
