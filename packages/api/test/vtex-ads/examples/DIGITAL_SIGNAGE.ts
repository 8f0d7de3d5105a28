import type { DocumentedRequest } from '../documented.ts';

/**
 * examples/DIGITAL_SIGNAGE.md of vtex/vtexads-api-docs at 2a388dad6009a7c7642ff4037abcdd9c04d71d60, copied as published.
 * The screen asks for `"types": ["banner"]` in the digital_signage context; the documented answer is of type digital_signage.
 */
export default {
  source: { repo: 'vtex/vtexads-api-docs', path: 'examples/DIGITAL_SIGNAGE.md', commit: '2a388dad6009a7c7642ff4037abcdd9c04d71d60' },
  title: 'BANNER IMAGE - Digital Signage Context',
  url: 'https://newtail-media.newtail.com.br/v1/rma/{PUBLISHER_ID}',
  headers: { 'Accept-Encoding': 'deflate', 'Content-Type': 'application/json' },
  body: `{
    "context": "digital_signage",
    "channel": "in-store",
    "user_id": "{USER_ID}",
    "session_id": "{SESSION_ID}",
    "device_id": "{DEVICE_ID}",
    "store_name": "{STORE_NAME}",
    "placements": {
        "{PLACEMENT_NAME}": { "quantity": 1, "types": ["banner"], "size": "{ASSET_SIZE}" }
    },
    "segmentation": [
        {
            "key": "STATE",
            "values": [
                "RJ"
            ]
        },
        {
            "key": "CITY",
            "values": [
                "Rio de Janeiro"
            ]
        },
        {
            "key": "NEIGHBOURHOOD",
            "values": [
                "Cascadura",
                "Madureira"
            ]
        }
    ]
}`,
} satisfies DocumentedRequest;
