/**
 * The values a VTEX Ads request needs to get ads from the seeded publisher, Supermercado Bom Preço,
 * for every documented context and ad type (the seed's campaigns are built on them; the
 * compatibility suite and the README fill the docs' placeholders with them).
 *
 * The publisher id is a serial number: look it up by `publisherSlug` (accounts.slug).
 */
export const VTEX_DEMO = {
  publisherSlug: 'supermercado-bom-preco',
  publisherName: 'Supermercado Bom Preço',
  /** The advertiser whose campaigns answer every request. */
  advertiserSlug: 'cafe-aurora',
  /** context search: `term`. */
  term: 'café',
  /** context category: `category_name` (the full breadcrumb; its prefixes match too). */
  category: 'Mercearia > Café > Café em pó',
  /** The category the published sponsored-brand video examples send as is (no placeholder). */
  publishedCategory: 'Bebidas',
  /** context product_page (or product): `product_sku`, a SKU of that category. */
  sku: 'cafe-aurora-tradicional-500g',
  /** context brand_page: `brand_name`. */
  brand: 'Café Aurora',
  /** context digital_signage: any `device_id` and `store_name` are served; these name a real store. */
  deviceId: 'tela-corredor-cafe-01',
  storeName: 'Bom Preço Pinheiros',
  /** Banner and sponsored brand image `size`s, named ad sizes of the publisher, and their frames. */
  imageSizes: { desktop: '1200x300', mobile: '320x100' },
  /** Video `size`s (banner and sponsored brand video), each an ad size of that name, and their frames. */
  videoSizes: { '1080p': '1920x1080', '720p': '1280x720', '480p': '854x480', '360p': '640x360', '320p': '568x320' },
  /** Catalog tags of the SKU (an ad query's `tags`). */
  tags: ['café', 'café da manhã'],
} as const;

/** Media of the demo creatives, served by the web app from packages/web/public/brand/ads. */
export const DEMO_MEDIA = {
  bannerDesktop: '/brand/ads/aurora-desktop.svg',
  bannerMobile: '/brand/ads/aurora-mobile.svg',
  signageImage: '/brand/ads/aurora-tela.svg',
  video: (size: keyof typeof VTEX_DEMO.videoSizes) => `/brand/ads/aurora-${size}.mp4`,
} as const;
