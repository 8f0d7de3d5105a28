import type { DocumentedRequest } from '../documented.ts';

/**
 * examples/EVENTS_CONVERSION_CURL.md of vtex/vtexads-api-docs at 767158c6744c70510c2e08358d65f78e8519016c, copied as published.
 * The publisher id is written "xxx" there (`PUBLISHER_ID_AS_PUBLISHED`): the one value the suite fills in.
 */
export default {
  source: { repo: 'vtex/vtexads-api-docs', path: 'examples/EVENTS_CONVERSION_CURL.md', commit: '767158c6744c70510c2e08358d65f78e8519016c' },
  title: 'Conversion Event — cURL',
  url: 'https://events.newtail-media.newtail.com.br/v1/beacon/conversion',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  body: `{
    "channel": "ecommerce",
    "publisher_id": "xxx",
    "user_id": "6f92d1e9-00b6-4f8b-9645-faeab321e1cc",
    "session_id": "5898b8d1-c250-4bb5-931b-8b9d0ee7b499",
    "order_id": "123",
    "email_hashed": "xyz",
    "items": [
      { "sku": "12221", "seller_id": "1234", "product_id": "4567", "quantity": 1, "price": 2000.00, "promotional_price": 1899.00 },
      { "sku": "12222", "seller_id": null, "product_id": "4568", "quantity": 2, "price": 500.00, "promotional_price": 400.00 }
    ],
    "created_at": "2023-01-01T09:20:00Z"
  }`,
} satisfies DocumentedRequest;

/** The publisher id member as the example writes it. */
export const PUBLISHER_ID_AS_PUBLISHED = '"publisher_id": "xxx"';
