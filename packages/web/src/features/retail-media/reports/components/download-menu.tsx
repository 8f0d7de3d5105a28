import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import type { RmReportFormat, RmReportKind } from '@backoffice/contracts';
import { saveFile } from '../../../../shared/api/download';
import { notifyError } from '../../../../shared/ui/notify';
import { fetchReportFile } from '../api';
import type { ReportSearch } from '../search';
import { t } from '../../../../i18n';

interface Props {
  report: RmReportKind;
  search: ReportSearch;
  /** The report cannot be asked for yet (advertisers_state before choosing the advertiser). */
  disabled?: boolean;
}

/** "Baixar": the report with the screen's filters as CSV or XLSX, saved under the server's file name. */
export function DownloadMenu({ report, search, disabled = false }: Props) {
  const [downloading, setDownloading] = useState<RmReportFormat | null>(null);

  const download = async (format: RmReportFormat) => {
    setDownloading(format);
    try {
      const { blob, filename } = await fetchReportFile({ report, format, search });
      saveFile(blob, filename);
    } catch (error) {
      notifyError(error, t('rmReports.download.failed'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md" width={260} disabled={disabled || downloading !== null}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={downloading !== null}
          disabled={disabled}
          data-testid="report-download"
        >
          {downloading ? t('rmReports.download.downloading') : t('rmReports.download.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void download('csv')}>
          {t('rmReports.download.csv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download('xlsx')}>
          {t('rmReports.download.xlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
