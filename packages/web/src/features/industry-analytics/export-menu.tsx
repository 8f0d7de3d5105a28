import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { saveFile } from '../../shared/api/download';
import { notifyError } from '../../shared/ui/notify';
import { fetchCardFile, type BodyOf, type CardOf, type Dashboard, type FileFormat } from './api';
import { t } from '../../i18n';

const FORMATS: Array<{ format: FileFormat; icon: typeof IconFileTypeCsv }> = [
  { format: 'csv', icon: IconFileTypeCsv },
  { format: 'xlsx', icon: IconFileSpreadsheet },
];

/** "Baixar" on a panel: its card, with the screen's filters, as CSV or XLSX under the server's file name. */
export function ExportMenu<D extends Dashboard>({ dashboard, card, body, title }: { dashboard: D; card: CardOf<D>; body: BodyOf<D>; title: string }) {
  const [busy, setBusy] = useState(false);
  async function save(format: FileFormat) {
    setBusy(true);
    try {
      const file = await fetchCardFile(dashboard, card, body, format);
      saveFile(file.blob, file.filename);
    } catch (error) {
      notifyError(error, t('industryAnalytics.download.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu position="bottom-end" shadow="md" width={260} disabled={busy}>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          loading={busy}
          leftSection={<IconDownload size={14} />}
          rightSection={<IconChevronDown size={12} />}
          aria-label={t('industryAnalytics.download.label', { title })}
          data-testid={`industry-download-${card}`}
          style={{ flexShrink: 0 }}
        >
          {t('industryAnalytics.download.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map(({ format, icon: Icon }) => (
          <Menu.Item key={format} leftSection={<Icon size={16} />} onClick={() => void save(format)}>
            {t(`industryAnalytics.download.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
