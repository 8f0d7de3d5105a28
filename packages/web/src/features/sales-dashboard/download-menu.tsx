import type { SalesExport } from '@backoffice/contracts';
import { DownloadMenu } from '../../shared/components/download-menu';
import { fetchSalesFile } from './api';
import type { SalesSearch } from './sales-search';
import { t } from '../../i18n';

/** "Baixar": a table of the dashboard with the screen's filters as CSV or XLSX, saved under the server's file name. */
export function SalesDownloadMenu({ report, search }: { report: SalesExport; search: SalesSearch }) {
  return <DownloadMenu label={t(`salesDashboard.download.label.${report}`)} testId={`sales-download-${report}`} fetchFile={(format) => fetchSalesFile(report, format, search)} />;
}
