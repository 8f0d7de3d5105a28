import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/login-page';
import { LoginSearch } from '../../features/auth/search';
import { redirectIfSignedIn } from '../../features/auth/guards';

/** Sign-in reached from another system (`origin` names it on the page). */
export const Route = createFileRoute('/login/$origin')({
  validateSearch: LoginSearch,
  beforeLoad: ({ search }) => redirectIfSignedIn(search.callback_url),
  component: function LoginFromOrigin() {
    const { origin } = Route.useParams();
    const { callback_url } = Route.useSearch();
    return <LoginPage callbackUrl={callback_url} origin={origin} />;
  },
});
