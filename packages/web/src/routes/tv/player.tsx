import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { TvDeviceToken } from '@backoffice/contracts';
import { TvPlayerPage } from '../../features/tv-devices/player/tv-player-page';
import { loadMessages } from '../../i18n';

/** The TV's own page (no sign-in: its device token is its credential): /tv/player?token=… */
export const Route = createFileRoute('/tv/player')({
  validateSearch: z.object({ token: TvDeviceToken.optional().catch(undefined) }),
  // The page's texts are not among the signed-out ones the entry carries.
  beforeLoad: () => loadMessages(),
  component: function TvPlayer() {
    const { token } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onToken = useCallback((next: string) => void navigate({ search: { token: next }, replace: true }), [navigate]);
    return <TvPlayerPage token={token} onToken={onToken} />;
  },
});
