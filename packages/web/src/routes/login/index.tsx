import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page';
import { LoginSearch } from '../../features/auth/login-search';

export const Route = createFileRoute('/login/')({
  validateSearch: LoginSearch,
  component: function Login() {
    const { callback_url } = Route.useSearch();
    return <LoginPage callbackUrl={callback_url} />;
  },
});
