import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ErpIntegrationPage } from '../../../features/erp-integration/erp-integration-page';
import { ERP_SEARCH_DEFAULTS, ErpSearch } from '../../../features/erp-integration/erp-search';
import { IntegrationKeysPage } from '../../../features/integration-keys/integration-keys-page';

// Not prefetched: the page asks only when the caller is an admin (the ERP integration is admins' only).
export const Route = createFileRoute('/_private/config/erp-integration')({
  validateSearch: ErpSearch,
  search: { middlewares: [stripSearchParams(ERP_SEARCH_DEFAULTS)] },
  component: ErpIntegration,
});

function ErpIntegration() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: ErpSearch) => ErpSearch) => void navigate({ search: update, replace: true }), [navigate]);
  // The keys tab is the integration keys' own page (its feature), composed here.
  return <ErpIntegrationPage search={search} onSearchChange={onSearchChange} keys={<IntegrationKeysPage />} />;
}
