import { Alert, Button, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/components/page-header';
import { tradeQuery, useAccountId, useUpdateTrade } from '../api';
import { toUpdateBody, tradeFormOf } from '../form-values';
import { BackToTrade } from './trade-load-states';
import { TradeForm } from './trade-form';
import { t } from '../../../i18n';

/** Edits the account's own draft; any other status (or the other side's draft) says why it cannot. */
export function TradeEditPage({ id }: { id: number }) {
  const navigate = useNavigate();
  const update = useUpdateTrade(id);
  const { data: a } = useQuery(tradeQuery(useAccountId(), id));
  if (!a) return null;
  const editable = a.status === 'draft' && a.author_side === a.my_side;
  const toView = () => void navigate({ to: '/trade/view/$id', params: { id: String(id) } });

  return (
    <Stack gap="lg">
      <PageHeader title={t('trade.editTitle')} description={a.title} back={<BackToTrade />} />
      {editable ? (
        <TradeForm
          creating={false}
          initialValues={tradeFormOf(a)}
          submitLabel={t('trade.form.save')}
          pending={update.isPending}
          onSubmit={async (values) => {
            await update.mutateAsync(toUpdateBody(values));
            toView();
          }}
          onCancel={toView}
        />
      ) : (
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />} data-testid="trade-not-editable">
          <Stack gap="sm" align="flex-start">
            {t(a.status === 'draft' ? 'trade.edit.otherSide' : 'trade.edit.notDraft', { status: t(`trade.status.${a.status}`) })}
            <Button variant="default" size="xs" renderRoot={(props) => <Link {...props} to="/trade/view/$id" params={{ id: String(id) }} />}>
              {t('trade.edit.backToView')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
