import { Alert, Anchor, Button, Card, FileButton, Group, Image, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../shared/components/empty-state';
import { UploadDropZone } from '../../../shared/components/upload-drop-zone';
import { formatDateTime } from '../../../shared/ui/format';
import { notifySuccess } from '../../../shared/ui/notify';
import { checkProofFile, tradeProofsQuery, uploadTradeProof, useAccountId, useCanWriteTrade, useRefreshProofs, type TradeAgreementDetail } from '../api';
import { TradeLoadError } from './trade-load-states';
import { t } from '../../../i18n';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** The retailer's form for one photo while the agreement runs: the store, a note, the picture. */
function ProofUpload({ agreement: a, storeName }: { agreement: TradeAgreementDetail; storeName: (id: number) => string }) {
  const refresh = useRefreshProofs(a.id);
  const [store, setStore] = useState<string | null>(a.location_ids.length === 1 ? String(a.location_ids[0]) : null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!store) return setError(t('trade.proofs.pickStore'));
    const invalid = checkProofFile(file);
    if (invalid) return setError(invalid);
    setUpload({ name: file.name, percent: 0 });
    try {
      await uploadTradeProof(a.id, { location_id: Number(store), note }, file, (percent) => setUpload({ name: file.name, percent }));
      notifySuccess(t('trade.proofs.sent'));
      setNote('');
      await refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('trade.proofs.failed'));
    } finally {
      setUpload(null);
    }
  };

  return (
    <Stack gap="sm" data-testid="trade-proof-upload">
      <Group align="flex-end" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label={t('trade.proofs.store')}
          placeholder={t('trade.proofs.storePlaceholder')}
          data={a.location_ids.map((id) => ({ value: String(id), label: storeName(id) }))}
          value={store}
          onChange={setStore}
          withAsterisk
          miw={220}
          data-testid="trade-proof-store"
        />
        <TextInput label={t('trade.proofs.note')} placeholder={t('trade.proofs.notePlaceholder')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} miw={220} />
      </Group>
      <UploadDropZone
        upload={upload}
        uploadingLabel={(name) => t('trade.proofs.uploading', { name })}
        hint={t('trade.proofs.hint')}
        padding="md"
        testId="trade-proof-drop"
        onFile={(f) => void send(f)}
        picker={
          <FileButton onChange={(f) => void send(f)} accept={ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} data-testid="trade-proof-pick">
                {t('trade.proofs.pick')}
              </Button>
            )}
          </FileButton>
        }
      />
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** Photos of the action in the stores; the retailer adds them while the agreement runs. */
export function TradeProofs({ agreement: a, storeName }: { agreement: TradeAgreementDetail; storeName: (id: number) => string }) {
  const proofs = useQuery(tradeProofsQuery(useAccountId(), a.id));
  const canWrite = useCanWriteTrade();
  const uploads = canWrite && a.my_side === 'retailer' && a.status === 'running';

  let body;
  if (proofs.isError) body = <TradeLoadError error={proofs.error} retrying={proofs.isFetching} onRetry={() => void proofs.refetch()} />;
  else if (!proofs.data)
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={160} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (proofs.data.length === 0)
    body = <EmptyState icon={<IconPhoto size={26} />} title={t('trade.proofs.empty')} hint={t(a.my_side === 'retailer' ? 'trade.proofs.emptyRetailer' : 'trade.proofs.emptyBrand')} />;
  else
    body = (
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} data-testid="trade-proofs">
        {proofs.data.map((p) => (
          <Card key={p.id} withBorder radius="md" padding="xs" data-testid="trade-proof">
            <Card.Section>
              <Anchor href={p.url} target="_blank" rel="noreferrer">
                <Image src={p.url} alt={p.note ?? p.file_name} h={150} fit="cover" />
              </Anchor>
            </Card.Section>
            <Stack gap={2} mt="xs">
              <Text size="sm" fw={500} lineClamp={1}>
                {storeName(p.location_id)}
              </Text>
              {p.note && (
                <Text size="xs" lineClamp={2}>
                  {p.note}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatDateTime(p.created_at)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={4}>{t('trade.proofs.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('trade.proofs.subtitle')}
          </Text>
        </Stack>
        {uploads && <ProofUpload agreement={a} storeName={storeName} />}
        {body}
      </Stack>
    </Card>
  );
}
