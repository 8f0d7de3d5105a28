import { createFileRoute } from '@tanstack/react-router';
import { ConfirmInvitePage } from '../features/auth/confirm-invite-page';
import { CodeSearch } from '../features/auth/search';

/** The link mailed with an invite: /confirm-invite?code=… */
export const Route = createFileRoute('/confirm-invite')({
  validateSearch: CodeSearch,
  component: function ConfirmInvite() {
    const { code } = Route.useSearch();
    return <ConfirmInvitePage code={code} />;
  },
});
