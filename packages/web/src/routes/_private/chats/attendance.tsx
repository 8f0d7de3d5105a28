import { createFileRoute } from '@tanstack/react-router';
import { attendanceQuery } from '../../../features/chats/api';
import { AttendancePage } from '../../../features/chats/attendance-page';
import { AttendanceSearch } from '../../../features/chats/dashboard-search';

/** Spec §2 /chats/attendance: start, finish and store in the URL. */
export const Route = createFileRoute('/_private/chats/attendance')({
  validateSearch: AttendanceSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(attendanceQuery(context.session.account.id, deps)),
  component: function ChatAttendance() {
    const navigate = Route.useNavigate();
    return <AttendancePage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
