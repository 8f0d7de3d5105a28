import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { CodeSearch } from '../features/auth/search';

/** The link mailed by /password-recovery: /reset-password?code=… */
export const Route = createFileRoute('/reset-password')({
  validateSearch: CodeSearch,
  component: function ResetPassword() {
    const { code } = Route.useSearch();
    return <ResetPasswordPage code={code} />;
  },
});
