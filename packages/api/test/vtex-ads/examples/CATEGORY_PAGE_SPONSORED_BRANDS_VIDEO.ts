import type { DocumentedRequest } from '../documented.ts';

/** examples/CATEGORY_PAGE_SPONSORED_BRANDS_VIDEO.md of vtex/vtexads-api-docs at 8f5e64b083b4544bbb6a093162fa5a73b2fa942a, copied as published. */
export default {
  source: { repo: 'vtex/vtexads-api-docs', path: 'examples/CATEGORY_PAGE_SPONSORED_BRANDS_VIDEO.md', commit: '8f5e64b083b4544bbb6a093162fa5a73b2fa942a' },
  title: 'Sponsored Brands (Video) - Category Page Context',
  url: 'https://newtail-media.newtail.com.br/v1/rma/{PUBLISHER_ID}',
  headers: { 'Content-Type': 'application/json' },
  body: `{
    "context": "category",
    "category_name": "{CATEGORY_NAME}",
    "channel": "site",
    "placements": {
        "{PLACEMENT_NAME}": {
            "quantity": 1,
            "assets_type": [ "video" ],
            "types": [
                "sponsored_brand"
            ],
            "size": "{ASSET_SIZE}"
        }
    },
    "session_id": "{SESSION_ID}"
}`,
} satisfies DocumentedRequest;
