import type { DocumentedRequest } from '../documented.ts';

/** examples/SPONSORED_BRANDS_IMAGE.md of vtex/vtexads-api-docs at fbcd71bdb6e55c3909486145852380a642803235, copied as published. */
export default {
  source: { repo: 'vtex/vtexads-api-docs', path: 'examples/SPONSORED_BRANDS_IMAGE.md', commit: 'fbcd71bdb6e55c3909486145852380a642803235' },
  title: 'Sponsored Brands (Image) - Home Context',
  url: 'https://newtail-media.newtail.com.br/v1/rma/{PUBLISHER_ID}',
  headers: { 'Accept-Encoding': 'deflate', 'Content-Type': 'application/json' },
  body: `{
    "context": "home",
    "channel": "site",
    "user_id": "{USER_ID}",
    "session_id": "{SESSION_ID}",
    "placements": {
        "{PLACEMENT_NAME}": { "quantity": 1, "types": ["sponsored_brand"] }
    }
}`,
} satisfies DocumentedRequest;
