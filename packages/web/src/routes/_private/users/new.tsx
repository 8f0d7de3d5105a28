import { createFileRoute } from '@tanstack/react-router';
import { InviteUserPage } from '../../../features/users/invite-user-page';

export const Route = createFileRoute('/_private/users/new')({ component: InviteUserPage });
