import { Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { downloadedFile } from '../../shared/api/download';
import { formatInt } from '../../shared/ui/format';
import type { FileFormat } from '../grocery-analytics/api';
import { DownloadMenu } from '../../shared/components/download-menu';
import { Panel } from '../order-dashboards/dashboard-layout';
import { attendanceQuery, useAccountId, type AttendanceReport } from './api';
import { formatMinutes } from './chat-labels';
import { DashboardFrame, EmptyPeriod, StoreFilter } from './dashboard-frame';
import type { AttendanceSearch } from './dashboard-search';
import { t } from '../../i18n';

type Stats = AttendanceReport['attendants'][number]['first_response'];
const pair = (s: Stats) => `${formatMinutes(s.median)} · ${formatMinutes(s.p90)}`;
const COUNTS = ['assigned', 'transferred_in', 'transferred_out', 'closed', 'messages_sent'] as const;
const COUNT_LABELS: Record<(typeof COUNTS)[number], string> = {
  assigned: 'assigned',
  transferred_in: 'transferredIn',
  transferred_out: 'transferredOut',
  closed: 'closed',
  messages_sent: 'messages',
};

/** The report by attendant as CSV or XLSX (spec §7 attendance export), for the screen's dates and store, under the server's file name. */
function fetchAttendanceFile({ start, finish, location_id }: AttendanceSearch, format: FileFormat) {
  const card = 'per_attendant' as const;
  const body = { body: { start, finish, ...(location_id ? { location_id } : {}), queries: [card] }, card, format };
  return downloadedFile(api.POST('/metabase/attendance/export', { body, parseAs: 'blob' }), `atendimento-por-atendente-${start}-${finish}.${format}`);
}

function Body({ data, search }: { data: AttendanceReport; search: AttendanceSearch }) {
  if (data.attendants.length === 0) return <EmptyPeriod title={t('chats.attendance.empty')} hint={t('chats.attendance.emptyHint')} />;
  const total = (key: (typeof COUNTS)[number]) => data.attendants.reduce((sum, a) => sum + a[key], 0);
  return (
    <Panel
      title={t('chats.attendance.title')}
      testId="attendance-report"
      padded={false}
      actions={<DownloadMenu label={t('groceryAnalytics.attendance.download')} testId="attendance-download" fetchFile={(format) => fetchAttendanceFile(search, format)} />}
    >
      <Table.ScrollContainer minWidth={900} type="native">
        <Table verticalSpacing="sm" highlightOnHover data-testid="attendance-table">
          <Table.Thead style={{ whiteSpace: 'nowrap' }}>
            <Table.Tr>
              <Table.Th>{t('chats.attendance.columns.name')}</Table.Th>
              {COUNTS.map((k) => (
                <Table.Th key={k} ta="right">
                  {t(`chats.attendance.columns.${COUNT_LABELS[k]}`)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('chats.attendance.columns.firstResponse')}</Table.Th>
              <Table.Th ta="right">{t('chats.attendance.columns.resolution')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.attendants.map((a) => (
              <Table.Tr key={a.user_id} data-testid="attendance-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {a.name}
                  </Text>
                </Table.Td>
                {COUNTS.map((k) => (
                  <Table.Td key={k} ta="right">
                    {formatInt(a[k])}
                  </Table.Td>
                ))}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {pair(a.first_response)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {pair(a.resolution)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr style={{ fontWeight: 700 }}>
              <Table.Td>{t('chats.attendance.totals')}</Table.Td>
              {COUNTS.map((k) => (
                <Table.Td key={k} ta="right">
                  {formatInt(total(k))}
                </Table.Td>
              ))}
              <Table.Td />
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Panel>
  );
}

const dateInput = (label: string, value: string, onChange: (v: string) => void, testId: string, minDate?: string) => (
  <DatePickerInput
    label={label}
    valueFormat="DD/MM/YYYY"
    leftSection={<IconCalendar size={16} />}
    value={value}
    minDate={minDate}
    maxDate={new Date()}
    onChange={(v) => v && onChange(v)}
    w={{ base: '100%', xs: 160 }}
    data-testid={testId}
  />
);

/** Spec §2 /chats/attendance (spec §7: attendance with start and finish): the report by attendant between the two dates. */
export function AttendancePage({ search, onSearchChange }: { search: AttendanceSearch; onSearchChange: (s: AttendanceSearch) => void }) {
  const query = useQuery(attendanceQuery(useAccountId(), search));
  const next = (change: Partial<AttendanceSearch>) => {
    const merged = { ...search, ...change };
    if (merged.finish < merged.start) merged.finish = merged.start;
    onSearchChange({ start: merged.start, finish: merged.finish, ...(merged.location_id ? { location_id: merged.location_id } : {}) });
  };
  return (
    <DashboardFrame
      title={t('chats.attendance.title')}
      subtitle={t('chats.attendance.subtitle')}
      query={query}
      filters={
        <>
          <StoreFilter value={search.location_id} onChange={(id) => next({ location_id: id })} testId="attendance-store" />
          {dateInput(t('chats.attendance.start'), search.start, (start) => next({ start }), 'attendance-start')}
          {dateInput(t('chats.attendance.finish'), search.finish, (finish) => next({ finish }), 'attendance-finish', search.start)}
        </>
      }
    >
      {(data) => <Body data={data} search={search} />}
    </DashboardFrame>
  );
}
