import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import type { SalesExport } from '@backoffice/contracts';
import { saveFile } from '../../shared/api/download';
import { notifyError } from '../../shared/ui/notify';
import { fetchSalesFile, type SalesFileFormat } from './api';
import type { SalesSearch } from './sales-search';
import { t } from '../../i18n';

/** "Baixar": a table of the dashboard with the screen's filters as CSV or XLSX, saved under the server's file name. */
export function SalesDownloadMenu({ report, search }: { report: SalesExport; search: SalesSearch }) {
  const [downloading, setDownloading] = useState<SalesFileFormat | null>(null);

  const download = async (format: SalesFileFormat) => {
    setDownloading(format);
    try {
      const { blob, filename } = await fetchSalesFile(report, format, search);
      saveFile(blob, filename);
    } catch (error) {
      notifyError(error, t('salesDashboard.download.failed'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md" width={260} disabled={downloading !== null}>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          rightSection={<IconChevronDown size={12} />}
          loading={downloading !== null}
          aria-label={t(`salesDashboard.download.label.${report}`)}
          data-testid={`sales-download-${report}`}
          style={{ flexShrink: 0 }}
        >
          {t('salesDashboard.download.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void download('csv')}>
          {t('salesDashboard.download.csv')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download('xlsx')}>
          {t('salesDashboard.download.xlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
