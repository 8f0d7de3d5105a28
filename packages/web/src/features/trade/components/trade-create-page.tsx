import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { useCreateTrade } from '../api';
import { emptyTradeForm, toCreateBody } from '../form-values';
import { BackToTrade } from './trade-load-states';
import { TradeForm } from './trade-form';
import { t } from '../../../i18n';

/** A new draft with a linked party; saved, it opens on its view to be proposed. */
export function TradeCreatePage() {
  const navigate = useNavigate();
  const create = useCreateTrade();
  return (
    <Stack gap="lg">
      <PageHeader title={t('trade.createTitle')} description={t('trade.createHint')} back={<BackToTrade />} />
      <TradeForm
        creating
        initialValues={emptyTradeForm()}
        submitLabel={t('trade.form.saveDraft')}
        pending={create.isPending}
        onSubmit={async (values) => {
          const agreement = await create.mutateAsync(toCreateBody(values));
          await navigate({ to: '/trade/view/$id', params: { id: String(agreement.id) } });
        }}
        onCancel={() => void navigate({ to: '/trade/list' })}
      />
    </Stack>
  );
}
