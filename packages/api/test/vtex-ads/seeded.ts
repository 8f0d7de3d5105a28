import { VTEX_DEMO } from '../../src/modules/campaigns/vtex-demo.ts';

/**
 * The values the docs' {PLACEHOLDERS} take on the seeded demo (VTEX_DEMO): Supermercado Bom Preço's
 * inventory, where every context and ad type has an ad to serve.
 */
export const SEEDED = {
  publisherSlug: VTEX_DEMO.publisherSlug,
  term: VTEX_DEMO.term,
  categoryName: VTEX_DEMO.category,
  productSku: VTEX_DEMO.sku,
  brandName: VTEX_DEMO.brand,
  imageSize: 'desktop',
  videoSize: '720p',
  /** A screen's size: signage answers whatever it asks; a full-HD screen. */
  signageSize: '1080p',
  deviceId: VTEX_DEMO.deviceId,
  storeName: VTEX_DEMO.storeName,
} as const satisfies {
  imageSize: keyof typeof VTEX_DEMO.imageSizes;
  videoSize: keyof typeof VTEX_DEMO.videoSizes;
  signageSize: keyof typeof VTEX_DEMO.videoSizes;
  [key: string]: string;
};
