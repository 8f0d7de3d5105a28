import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page';
import { LoginSearch } from '../../features/auth/search';
import { redirectIfSignedIn } from '../../features/auth/guards';

export const Route = createFileRoute('/login/')({
  validateSearch: LoginSearch,
  beforeLoad: ({ search }) => redirectIfSignedIn(search.callback_url),
  component: function Login() {
    const { callback_url } = Route.useSearch();
    return <LoginPage callbackUrl={callback_url} />;
  },
});
