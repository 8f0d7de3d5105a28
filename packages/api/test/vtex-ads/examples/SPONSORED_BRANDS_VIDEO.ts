import type { DocumentedRequest } from '../documented.ts';

/**
 * examples/SPONSORED_BRANDS_VIDEO.md of vtex/vtexads-api-docs at fbcd71bdb6e55c3909486145852380a642803235, copied as published.
 * Titled for the home context, the published request asks for the category "Bebidas"; it is sent as it is.
 */
export default {
  source: { repo: 'vtex/vtexads-api-docs', path: 'examples/SPONSORED_BRANDS_VIDEO.md', commit: 'fbcd71bdb6e55c3909486145852380a642803235' },
  title: 'Sponsored Brands (Video) - Home Context',
  url: 'https://newtail-media.newtail.com.br/v1/rma/{PUBLISHER_ID}',
  headers: { 'Content-Type': 'application/json' },
  body: `{
    "context": "category",
    "category_name": "Bebidas",
    "channel": "site",
    "placements": {
        "{PLACEMENT_NAME}": {
            "quantity": 1,
            "assets_type": [ "video" ],
            "types": [
                "sponsored_brand"
            ],
            "size": "1920x1080"
        }
    },
    "session_id": "{SESSION_ID}"
}`,
} satisfies DocumentedRequest;
