import { createFileRoute } from '@tanstack/react-router';
import { IntegrationKeysPage } from '../../../features/integration-keys/integration-keys-page';

// Not prefetched: the page asks only when the caller is an admin (the list is admins' only).
export const Route = createFileRoute('/_private/config/integration-keys')({ component: IntegrationKeysPage });
