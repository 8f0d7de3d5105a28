import type { DocumentedRequest } from '../documented.ts';

/**
 * The docs publish no example of the brand_page context: these requests are built from the field
 * table of en/docs/5.5-ad-query.md ("`brand_name` — Name of the brand being viewed — Only
 * `context: 'brand_page'`"), each in the shape of the search example of the same ad type with
 * `term` replaced by `brand_name`.
 */
const source = {
  repo: 'vtex/vtexads-api-docs',
  path: 'en/docs/5.5-ad-query.md',
  commit: '0339b97e4bb7cae6616fc691414d867ad374d21b',
  builtFrom: 'the field table (brand_name), not a published example',
} as const;
const url = 'https://newtail-media.newtail.com.br/v1/rma/{PUBLISHER_ID}';
const headers = { 'Accept-Encoding': 'deflate', 'Content-Type': 'application/json' };
const withPlacement = (placement: string) => `{
    "context": "brand_page",
    "brand_name": "{BRAND_NAME}",
    "channel": "site",
    "user_id": "{USER_ID}",
    "session_id": "{SESSION_ID}",
    "placements": {
        "{PLACEMENT_NAME}": ${placement}
    }
}`;

export const BRAND_PAGE_SPONSORED_PRODUCTS = {
  source,
  title: 'Sponsored Products - Brand Page Context (built from the field table)',
  url,
  headers,
  body: withPlacement('{ "quantity": 1, "types": ["product"] }'),
} satisfies DocumentedRequest;

export const BRAND_PAGE_BANNER_IMAGE = {
  source,
  title: 'BANNER IMAGE - Brand Page Context (built from the field table)',
  url,
  headers,
  body: withPlacement('{ "quantity": 1, "types": ["banner"], "size": "{ASSET_SIZE}" }'),
} satisfies DocumentedRequest;

export const BRAND_PAGE_BANNER_VIDEO = {
  source,
  title: 'BANNER VIDEO - Brand Page Context (built from the field table)',
  url,
  headers,
  body: withPlacement('{ "quantity": 1, "types": ["banner"], "size": "{ASSET_SIZE}", "assets_type": ["video"] }'),
} satisfies DocumentedRequest;

export const BRAND_PAGE_SPONSORED_BRANDS_IMAGE = {
  source,
  title: 'Sponsored Brands (Image) - Brand Page Context (built from the field table)',
  url,
  headers,
  body: withPlacement('{ "quantity": 1, "types": ["sponsored_brand"] }'),
} satisfies DocumentedRequest;

export const BRAND_PAGE_SPONSORED_BRANDS_VIDEO = {
  source,
  title: 'Sponsored Brands (Video) - Brand Page Context (built from the field table)',
  url,
  headers,
  body: withPlacement('{ "quantity": 1, "types": ["sponsored_brand"], "size": "{ASSET_SIZE}", "assets_type": ["video"] }'),
} satisfies DocumentedRequest;
