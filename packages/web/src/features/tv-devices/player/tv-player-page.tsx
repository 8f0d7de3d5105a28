import { Box, Center, Code, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { t } from '../../../i18n';
import { activationUrl } from '../tv-devices-search';
import { AdRotator } from './ad-rotator';
import { QrCode } from './qr-code';
import { useTvPlayer, type TvPlayer } from './use-tv-player';

const screen = { position: 'fixed', inset: 0, overflow: 'hidden' } as const;

function OfflineBadge() {
  return (
    <Group
      gap={6}
      px="sm"
      py={4}
      data-testid="tv-player-offline"
      style={{ position: 'fixed', right: 16, bottom: 16, borderRadius: 8, background: 'rgba(0,0,0,.6)', color: '#fff', zIndex: 2 }}
    >
      <IconWifiOff size={16} />
      <Text size="xs">{t('tvDevices.player.offline')}</Text>
    </Group>
  );
}

function Pairing({ player }: { player: TvPlayer }) {
  if (!player.token)
    return (
      <Center style={{ ...screen, background: '#101828', color: '#fff' }}>
        <Stack align="center" gap="md">
          <Loader color="gray.3" />
          <Text size="lg">{player.registerFailed ? t('tvDevices.player.registerError') : t('tvDevices.player.preparing')}</Text>
        </Stack>
      </Center>
    );
  const url = activationUrl(globalThis.location.origin, player.token);
  return (
    <Center style={{ ...screen, background: 'linear-gradient(135deg, #101828 0%, #1d2b4f 100%)', color: '#fff' }} p="xl" data-testid="tv-player-pairing">
      <Group gap={56} align="center" justify="center" wrap="nowrap" maw={1200}>
        <Box p="md" bg="white" style={{ borderRadius: 16, flex: 'none' }}>
          <QrCode value={url} size={300} label={t('tvDevices.player.qrAlt')} />
        </Box>
        <Stack gap="lg" miw={0} maw={640}>
          <Title order={1} fz={44} c="white">
            {t('tvDevices.player.pairTitle')}
          </Title>
          <Text fz="lg" c="gray.3">
            {t('tvDevices.player.pairHint')}
          </Text>
          <Stack gap={4}>
            <Text size="sm" tt="uppercase" fw={700} c="gray.5">
              {t('tvDevices.player.code')}
            </Text>
            <Code fz={22} c="white" bg="rgba(255,255,255,.08)" p="sm" data-testid="tv-player-token" style={{ wordBreak: 'break-all' }}>
              {player.token}
            </Code>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" tt="uppercase" fw={700} c="gray.5">
              {t('tvDevices.player.link')}
            </Text>
            <Text size="sm" c="gray.2" data-testid="tv-player-link" style={{ wordBreak: 'break-all' }}>
              {url}
            </Text>
          </Stack>
          <Stack gap={6} c="gray.4">
            <Group gap="sm">
              <Loader size="xs" color="gray.4" />
              <Text size="sm">{t('tvDevices.player.waiting')}</Text>
            </Group>
            <Text size="xs" c="gray.5">
              {t('tvDevices.player.device', { name: player.device.deviceName, manufacturer: player.device.deviceManufacturer })}
            </Text>
          </Stack>
        </Stack>
      </Group>
    </Center>
  );
}

/** While there is nothing to play: the account's logo on its background colour. */
function Idle({ player }: { player: TvPlayer }) {
  const s = player.state!;
  return (
    <Center style={{ ...screen, background: s.accountLogoBg ?? '#101828' }} data-testid="tv-player-idle">
      <Stack align="center" gap="lg">
        {s.accountLogo ? (
          <Image src={s.accountLogo} alt={s.accountName ?? ''} maw="40vw" mah="40vh" fit="contain" />
        ) : (
          <Title order={1} fz={64} c="white">
            {s.accountName}
          </Title>
        )}
        <Text c="white" opacity={0.75} size="lg">
          {[s.store?.name, t('tvDevices.player.noAds')].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Center>
  );
}

/** The player of a TV in a store (/tv/player): pairing screen, then the store's digital signage ads full screen. */
export function TvPlayerPage({ token, onToken }: { token: string | undefined; onToken: (token: string) => void }) {
  const player = useTvPlayer(token, onToken);
  const active = player.state?.active === true;
  let body;
  if (!active) body = <Pairing player={player} />;
  else if (player.ads.length > 0)
    body = (
      <Box style={{ ...screen, background: '#000' }} data-testid="tv-player-playing">
        <AdRotator ads={player.ads} onRound={player.refreshPlaylist} />
      </Box>
    );
  else body = <Idle player={player} />;
  return (
    <>
      {body}
      {player.offline && <OfflineBadge />}
    </>
  );
}
