import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** Typed client generated from the API's OpenAPI document (packages/contracts → /openapi.json). */
export const api = createClient<paths>({ baseUrl: '' });
