import { Accordion, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { components } from '../../../shared/api/schema';
import type { RmaAd } from './api';
import { CreativeMedia, Thumbnail } from './ad-media';
import { t } from '../../../i18n';

type Schemas = components['schemas'];

function Detail({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

function EventUrls({ ad }: { ad: RmaAd }) {
  const urls = [
    ['impressionUrl', ad.impression_url],
    ['viewUrl', ad.view_url],
    ['clickUrl', ad.click_url],
  ] as const;
  return (
    <Accordion variant="default" chevronPosition="left" styles={{ control: { paddingInline: 0 }, content: { paddingInline: 0 } }}>
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
  );
}

/** What every ad shows: a title, its position and type, its campaign and advertiser. */
function Heading({ ad, title, extra }: { ad: RmaAd; title: string; extra?: ReactNode }) {
  return (
    <Stack gap={4} miw={0} style={{ flex: 1 }}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} lineClamp={2}>
          {title}
        </Text>
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          {t('rmTester.results.position', { position: ad.position })}
        </Badge>
      </Group>
      <Group gap={6}>
        <Badge variant="outline" size="sm">
          {t(`rmAdApi.tester.types.${ad.type}`)}
        </Badge>
        {extra}
      </Group>
      <Detail label={t('rmTester.results.campaign')} value={ad.campaign_name} />
      <Detail label={t('rmAdApi.tester.results.seller')} value={ad.seller_id} />
    </Stack>
  );
}

function MediaBadge({ ad }: { ad: Schemas['RmaBannerAd'] | Schemas['RmaSponsoredBrandAd'] | Schemas['RmaDigitalSignageAd'] }) {
  const dimension = ad.assets[0]?.dimension;
  return (
    <Badge variant="light" color={ad.asset_type === 'video' ? 'grape' : 'blue'} size="sm">
      {t(`rmAdApi.tester.assetTypes.${ad.asset_type}`)}
      {dimension ? ` · ${dimension}` : ''}
    </Badge>
  );
}

function ProductAd({ ad }: { ad: Schemas['RmaProductAd'] }) {
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Thumbnail url={ad.media_url} alt={ad.product_name ?? ad.product_sku} />
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Heading ad={ad} title={ad.product_name ?? ad.product_sku} />
        <Detail label={t('rmTester.results.sku')} value={ad.product_sku} />
        <Detail label={t('rmAdApi.tester.results.destination')} value={ad.destination_url} />
      </Stack>
    </Group>
  );
}

function BannerAd({ ad }: { ad: Schemas['RmaBannerAd'] }) {
  return (
    <Stack gap="sm">
      <Heading ad={ad} title={ad.campaign_name} extra={<MediaBadge ad={ad} />} />
      <CreativeMedia url={ad.media_url} assetType={ad.asset_type} alt={ad.campaign_name} />
      <Detail label={t('rmAdApi.tester.results.destination')} value={ad.destination_url} />
    </Stack>
  );
}

function BrandProduct({ product }: { product: Schemas['RmaSponsoredBrandProduct'] }) {
  const name = product.product_name ?? product.product_sku;
  return (
    <Card withBorder radius="sm" padding="xs" data-testid="tester-brand-product">
      <Stack gap={4} align="center">
        <Thumbnail url={product.media_url} alt={name} size={72} />
        <Text size="xs" fw={500} ta="center" lineClamp={2}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" ta="center" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
          {product.product_sku}
        </Text>
      </Stack>
    </Card>
  );
}

function SponsoredBrandAd({ ad }: { ad: Schemas['RmaSponsoredBrandAd'] }) {
  return (
    <Stack gap="sm">
      <Heading ad={ad} title={ad.headline || ad.brand_name} extra={<MediaBadge ad={ad} />} />
      <CreativeMedia url={ad.media_url} assetType={ad.asset_type} alt={ad.headline || ad.brand_name} />
      <Detail label={t('rmTester.results.brand')} value={ad.brand_name} />
      <Detail label={t('rmAdApi.tester.results.description')} value={ad.description} />
      <Detail label={t('rmAdApi.tester.results.brandUrl')} value={ad.brand_url} />
      {ad.products.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('rmAdApi.tester.results.brandProducts', { count: ad.products.length })}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, xl: 4 }} spacing="xs">
            {ad.products.map((product) => (
              <BrandProduct key={product.product_sku} product={product} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

function SignageAd({ ad }: { ad: Schemas['RmaDigitalSignageAd'] }) {
  const duration = (
    <Badge variant="light" color="teal" size="sm" data-testid="tester-ad-duration">
      {t('rmAdApi.tester.results.duration', { seconds: ad.duration })}
    </Badge>
  );
  return (
    <Stack gap="sm">
      <Heading
        ad={ad}
        title={ad.campaign_name}
        extra={
          <>
            <MediaBadge ad={ad} />
            {duration}
          </>
        }
      />
      <CreativeMedia url={ad.media_url} assetType={ad.asset_type} alt={ad.campaign_name} />
    </Stack>
  );
}

function AdBody({ ad }: { ad: RmaAd }) {
  switch (ad.type) {
    case 'product':
      return <ProductAd ad={ad} />;
    case 'banner':
      return <BannerAd ad={ad} />;
    case 'sponsored_brand':
      return <SponsoredBrandAd ad={ad} />;
    case 'digital_signage':
      return <SignageAd ad={ad} />;
  }
}

/** One returned ad, drawn as its type is shown on a page, with its event URLs (collapsed). */
export function AdResultCard({ ad }: { ad: RmaAd }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="tester-ad" data-ad-type={ad.type}>
      <AdBody ad={ad} />
      <EventUrls ad={ad} />
    </Card>
  );
}
