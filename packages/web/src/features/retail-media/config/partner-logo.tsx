import { Group, Stack, Text } from '@mantine/core';
import { AccountLogo } from '../../../shared/layout/account-logo';

/** A partner account: its logo on its theme colour, its name and an optional caption. */
export function PartnerLogo({ name, logo, theme, caption, size = 36 }: { name: string; logo: string | null; theme: string | null; caption?: string; size?: number }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <AccountLogo name={name} logo={logo} color={theme} size={size} />
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        {caption && (
          <Text size="xs" c="dimmed" truncate>
            {caption}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
