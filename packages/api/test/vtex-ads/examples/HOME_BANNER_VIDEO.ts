import type { DocumentedRequest } from '../documented.ts';

/** examples/HOME_BANNER_VIDEO.md of vtex/vtexads-api-docs at aacb6dfb74660a25a4fc7d80a336428bc5c16718, copied as published. */
export default {
  source: { repo: 'vtex/vtexads-api-docs', path: 'examples/HOME_BANNER_VIDEO.md', commit: 'aacb6dfb74660a25a4fc7d80a336428bc5c16718' },
  title: 'BANNER VIDEO - Home Context',
  url: 'https://newtail-media.newtail.com.br/v1/rma/{PUBLISHER_ID}',
  headers: { 'Accept-Encoding': 'deflate', 'Content-Type': 'application/json' },
  body: `{
    "context": "home",
    "channel": "site",
    "user_id": "{USER_ID}",
    "session_id": "{SESSION_ID}",
    "placements": {
        "{PLACEMENT_NAME}": { "quantity": 1, "types": ["banner"], "size": "{ASSET_SIZE}", "assets_type": ["video"] }
    }
}`,
} satisfies DocumentedRequest;
