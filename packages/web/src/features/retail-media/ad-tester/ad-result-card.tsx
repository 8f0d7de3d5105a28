import { Accordion, Badge, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { RmaAd } from './api';
import { t } from '../../../i18n';

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Text size="sm" lineClamp={2}>
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

function Media({ ad }: { ad: RmaAd }) {
  const url = ad.media_url ?? ad.assets[0]?.url ?? null;
  if (!url)
    return (
      <Center w={96} h={96} bg="gray.1" style={{ borderRadius: 8, flexShrink: 0 }} aria-label={t('rmTester.results.noMedia')}>
        <IconPhotoOff size={28} color="var(--mantine-color-gray-5)" />
      </Center>
    );
  return <Image src={url} alt={ad.product_name ?? ad.headline ?? ad.campaign_name} w={96} h={96} fit="contain" radius="sm" bg="gray.0" style={{ flexShrink: 0 }} />;
}

/** One returned ad: its media, what it shows, where it ranked, and its event URLs (collapsed). */
export function AdResultCard({ ad }: { ad: RmaAd }) {
  const title = ad.product_name ?? ad.headline ?? ad.brand_name ?? ad.campaign_name;
  const urls = [
    ['impressionUrl', ad.impression_url],
    ['viewUrl', ad.view_url],
    ['clickUrl', ad.click_url],
  ] as const;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="tester-ad">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Media ad={ad} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={600} lineClamp={2}>
              {title}
            </Text>
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t('rmTester.results.position', { position: ad.position })}
            </Badge>
          </Group>
          <Group gap={6}>
            <Badge variant="outline" size="sm">
              {t(`rmTester.types.${ad.type}`)}
            </Badge>
          </Group>
          <Detail label={t('rmTester.results.sku')} value={ad.product_sku} />
          <Detail label={t('rmTester.results.campaign')} value={ad.campaign_name} />
          <Detail label={t('rmTester.results.brand')} value={ad.brand_name} />
          <Detail label={t('rmTester.results.headline')} value={ad.product_name ? ad.headline : null} />
        </Stack>
      </Group>
      <Accordion variant="default" chevronPosition="left" mt="xs" styles={{ control: { paddingInline: 0 }, content: { paddingInline: 0 } }}>
        <Accordion.Item value="urls" style={{ borderBottom: 0 }}>
          <Accordion.Control>
            <Text size="sm">{t('rmTester.results.eventUrls')}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={6}>
              {urls.map(([key, url]) => (
                <Text key={key} size="xs" style={{ wordBreak: 'break-all' }}>
                  <Text span fw={600} size="xs">
                    {t(`rmTester.results.${key}`)}:{' '}
                  </Text>
                  {/* Plain text, not a link: opening a click URL would count a click. */}
                  <Text span size="xs" ff="monospace">
                    {url}
                  </Text>
                </Text>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Card>
  );
}
