import { Avatar } from '@mantine/core';

/** The account's logo on its header colour (spec §3 "Account info"). */
export function AccountLogo({ name, logo, color, size = 36 }: { name: string; logo: string | null; color: string | null; size?: number }) {
  return (
    <Avatar src={logo} alt={name} size={size} radius="sm" styles={{ root: { background: color ?? 'var(--mantine-color-blue-6)' } }} color="white">
      {name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}
