import { Button } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../shared/ui/notify';
import { saveFile } from '../../shared/api/download';
import { fetchTransactionsCsv } from './api';
import type { TransactionsSearch } from './search';
import { t } from '../../i18n';

/** "Exportar CSV": every transaction of the list's filters (no paging), saved under the server's file name. */
export function ExportCsvButton({ search }: { search: TransactionsSearch }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await fetchTransactionsCsv(search);
      saveFile(blob, filename);
    } catch (error) {
      notifyError(error, t('financial.transactions.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconFileTypeCsv size={16} />} loading={busy} onClick={() => void download()} data-testid="transactions-export">
      {t('financial.transactions.export')}
    </Button>
  );
}
