import type { DocumentedRequest } from '../documented.ts';

/** examples/SEARCH_BANNER_VIDEO.md of vtex/vtexads-api-docs at 8f5e64b083b4544bbb6a093162fa5a73b2fa942a, copied as published. */
export default {
  source: { repo: 'vtex/vtexads-api-docs', path: 'examples/SEARCH_BANNER_VIDEO.md', commit: '8f5e64b083b4544bbb6a093162fa5a73b2fa942a' },
  title: 'BANNER VIDEO - Search Context',
  url: 'https://newtail-media.newtail.com.br/v1/rma/{PUBLISHER_ID}',
  headers: { 'Accept-Encoding': 'deflate', 'Content-Type': 'application/json' },
  body: `{
    "context": "search",
    "term": "{TERM}",
    "channel": "site",
    "user_id": "{USER_ID}",
    "session_id": "{SESSION_ID}",
    "placements": {
        "{PLACEMENT_NAME}": { "quantity": 1, "types": ["banner"], "size": "{ASSET_SIZE}", "assets_type": ["video"] }
    }
}`,
} satisfies DocumentedRequest;
