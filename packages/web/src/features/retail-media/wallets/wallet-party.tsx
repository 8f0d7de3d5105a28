import { Group, Stack, Text } from '@mantine/core';
import { AccountLogo } from '../../../shared/layout/account-logo';
import type { Wallet } from './api';

/** An account of a wallet (advertiser or publisher): its logo and name, with an optional caption. */
export function WalletParty({ party, caption, size = 32 }: { party: Wallet['advertiser']; caption?: string; size?: number }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <AccountLogo name={party.name} logo={party.account_logo} color={null} size={size} />
      <Stack gap={0} miw={0}>
        {caption && (
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
        )}
        <Text size="sm" fw={600} lh={1.3}>
          {party.name}
        </Text>
      </Stack>
    </Group>
  );
}
