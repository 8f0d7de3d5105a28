import { DownloadMenu } from '../../shared/components/download-menu';
import { fetchCardFile, type BodyOf, type CardOf, type Dashboard } from './api';
import { t } from '../../i18n';

/** "Baixar" on a panel: its card, with the screen's filters, as CSV or XLSX under the server's file name. */
export function ExportMenu<D extends Dashboard>({ dashboard, card, body, title }: { dashboard: D; card: CardOf<D>; body: BodyOf<D>; title: string }) {
  return (
    <DownloadMenu
      label={t('industryAnalytics.download.label', { title })}
      testId={`industry-download-${card}`}
      fetchFile={(format) => fetchCardFile(dashboard, card, body, format)}
    />
  );
}
