import { Alert, Anchor, Button, Card, FileButton, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { PRODUCT_IMPORT_COLUMNS, PRODUCT_IMPORT_MAX_BYTES } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { BackLink } from '../../shared/components/back-link';
import { PageHeader } from '../../shared/components/page-header';
import { UploadDropZone } from '../../shared/components/upload-drop-zone';
import { notifyError } from '../../shared/ui/notify';
import { downloadTemplate, useStartImport } from './import-api';
import { ImportHistory } from './import-history';
import { ImportProgress } from './import-progress';
import { t } from '../../i18n';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const STORE_FIELDS = new Set(['store', 'store_price', 'promotional_price', 'promotion_start_at', 'promotion_end_at', 'store_stock', 'store_available']);
const headers = (pick: (c: (typeof PRODUCT_IMPORT_COLUMNS)[number]) => boolean) => PRODUCT_IMPORT_COLUMNS.filter(pick).map((c) => c.header).join(', ');
/** The template's headers, as the API reads them. */
const COLUMNS = {
  required: headers((c) => 'required' in c && c.required),
  optional: headers((c) => !('required' in c && c.required) && !STORE_FIELDS.has(c.field)),
  store: headers((c) => STORE_FIELDS.has(c.field)),
};

/** The file's problem before sending it, if any: CSV or XLSX, up to 10 MB, not empty. */
export function checkImportFile(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return t('products.import.badType');
  if (file.size === 0) return t('products.import.emptyFile');
  if (file.size > PRODUCT_IMPORT_MAX_BYTES) return t('products.import.tooBig');
  return null;
}

/** Catalog import: send a CSV/XLSX, follow the job's progress, see and download the rejected rows. */
export function ProductImportPage({ importId, onShow }: { importId: number | undefined; onShow: (id: number | undefined) => void }) {
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const start = useStartImport((percent) => setUpload((u) => (u ? { ...u, percent } : u)));

  const send = (file: File | null) => {
    if (!file) return;
    const problem = checkImportFile(file);
    setFileError(problem);
    if (problem) return;
    setUpload({ name: file.name, percent: 0 });
    start.mutate(file, {
      onSuccess: (created) => onShow(created.id),
      onError: (error) => setFileError(error instanceof ApiError ? error.message : t('products.import.uploadFailed')),
      onSettled: () => setUpload(null),
    });
  };
  const template = () => downloadTemplate().catch((error: unknown) => notifyError(error));

  return (
    <Stack gap="lg">
      <PageHeader title={t('products.import.title')} description={t('products.import.subtitle')} back={<BackLink to="/products/list/" label={t('products.import.back')} />} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Title order={4}>{t('products.import.sendTitle')}</Title>
              {fileError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="import-file-error">
                  {fileError}
                </Alert>
              )}
              <UploadDropZone
                upload={upload}
                uploadingLabel={(name) => t('products.import.uploading', { name })}
                hint={t('products.import.drop')}
                picker={
                  <FileButton onChange={send} accept={ACCEPT}>
                    {(props) => (
                      <Button {...props} variant="light" size="xs" leftSection={<IconFileSpreadsheet size={14} />} disabled={!!upload}>
                        {t('products.import.choose')}
                      </Button>
                    )}
                  </FileButton>
                }
                onFile={send}
                testId="import-drop"
              />
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('products.import.columnsTitle')}
                </Text>
                <List size="sm" c="dimmed" spacing={2}>
                  <List.Item>{t('products.import.columnsRequired', { columns: COLUMNS.required })}</List.Item>
                  <List.Item>{t('products.import.columnsOptional', { columns: COLUMNS.optional })}</List.Item>
                  <List.Item>{t('products.import.columnsOffer', { columns: COLUMNS.store })}</List.Item>
                </List>
              </Stack>
              <Group>
                <Anchor component="button" type="button" size="sm" onClick={() => void template()} data-testid="import-template">
                  <Group gap={4}>
                    <IconDownload size={14} />
                    {t('products.import.template')}
                  </Group>
                </Anchor>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {importId !== undefined ? (
            <ImportProgress id={importId} />
          ) : (
            <Card withBorder radius="md" padding="lg" h="100%">
              <Stack gap="xs" justify="center" h="100%" align="center" py="xl">
                <IconFileSpreadsheet size={32} color="var(--mantine-color-gray-5)" />
                <Text c="dimmed" size="sm" ta="center">
                  {t('products.import.nothingYet')}
                </Text>
              </Stack>
            </Card>
          )}
        </Grid.Col>
      </Grid>
      <ImportHistory selected={importId} onSelect={onShow} />
    </Stack>
  );
}
