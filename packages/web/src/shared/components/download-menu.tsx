import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../api/download';
import { notifyError } from '../ui/notify';
import { t } from '../../i18n';

export type FileFormat = 'csv' | 'xlsx';
/** A file the server answered, under its name. */
export type DownloadedFile = { blob: Blob; filename: string };

const FORMATS: ReadonlyArray<{ format: FileFormat; icon: typeof IconFileTypeCsv }> = [
  { format: 'csv', icon: IconFileTypeCsv },
  { format: 'xlsx', icon: IconFileSpreadsheet },
];

interface Props {
  /** What is downloaded, for screen readers ("Baixar vendas por categoria"). */
  label: string;
  testId: string;
  /** Fetches the file in a format (the server names it). */
  fetchFile: (format: FileFormat) => Promise<DownloadedFile>;
}

/** "Baixar" ▾ CSV or XLSX: a table of a dashboard with the screen's filters, saved under the server's name; a failure is a toast. */
export function DownloadMenu({ label, testId, fetchFile }: Props) {
  const download = useMutation({
    mutationFn: fetchFile,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (error) => notifyError(error, t('salesDashboard.download.failed')),
    meta: { silent: true },
  });
  return (
    <Menu position="bottom-end" shadow="md" width={260} disabled={download.isPending}>
      <Menu.Target>
        <Button
          data-testid={testId}
          aria-label={label}
          loading={download.isPending}
          style={{ flexShrink: 0 }}
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          rightSection={<IconChevronDown size={12} />}
        >
          {t('salesDashboard.download.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map(({ format, icon: Icon }) => (
          <Menu.Item key={format} leftSection={<Icon size={16} />} onClick={() => download.mutate(format)}>
            {t(`salesDashboard.download.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
