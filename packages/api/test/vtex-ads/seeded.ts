/**
 * The values the docs' {PLACEHOLDERS} take on the seeded demo: Supermercado Bom Preço's inventory,
 * where every context and ad type has an ad to serve.
 */
export const SEEDED = {
  publisherSlug: 'supermercado-bom-preco',
  term: 'café',
  categoryName: 'Mercearia > Café > Café em pó',
  productSku: 'cafe-aurora-tradicional-500g',
  brandName: 'Café Aurora',
  imageSize: 'desktop',
  videoSize: '720p',
  signageSize: '1080p',
  deviceId: 'totem-entrada-01',
  storeName: 'Bom Preço Centro',
} as const;
