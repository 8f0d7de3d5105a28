import { createFileRoute } from '@tanstack/react-router';
import { IntegrationPage } from '../features/auth/integration-page';
import { IntegrationSearch } from '../features/auth/search';

/** Sign-in handed over by an integrated system: /integration?token=…&callback_url=… */
export const Route = createFileRoute('/integration')({
  validateSearch: IntegrationSearch,
  component: function Integration() {
    const { token, callback_url } = Route.useSearch();
    return <IntegrationPage token={token} callbackUrl={callback_url} />;
  },
});
