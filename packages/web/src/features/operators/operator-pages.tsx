import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { BackLink } from '../../shared/components/back-link';
import { PageHeader } from '../../shared/components/page-header';
import { operatorQuery, useAccountId, useCreateOperator, useUpdateOperator } from './api';
import { emptyOperatorValues, operatorToValues } from './operator-form-values';
import { OperatorForm } from './operator-form';
import { t } from '../../i18n';

const BackToOperators = () => <BackLink to="/operators/list" label={t('operators.back')} />;


/** "Novo operador": on success the list, with the server's "Operador adicionado com sucesso!". */
export function OperatorCreatePage({ locationId }: { locationId?: number }) {
  const navigate = useNavigate();
  const create = useCreateOperator();
  const toList = () => void navigate({ to: '/operators/list' });
  return (
    <Stack gap="lg">
      <PageHeader title={t('operators.new.title')} description={t('operators.new.subtitle')} back={<BackToOperators />} />
      <OperatorForm
        initialValues={emptyOperatorValues(locationId)}
        submitLabel={t('operators.form.submitCreate')}
        pending={create.isPending}
        onSubmit={(body) => create.mutateAsync(body).then(toList)}
        onCancel={toList}
      />
    </Stack>
  );
}

/** "Editar operador" (loaded by the route): on success the list, with "Operador atualizado com sucesso!". */
export function OperatorEditPage({ operatorId }: { operatorId: number }) {
  const navigate = useNavigate();
  const { data: operator } = useSuspenseQuery(operatorQuery(useAccountId(), operatorId));
  const update = useUpdateOperator(operatorId);
  const toList = () => void navigate({ to: '/operators/list' });
  return (
    <Stack gap="lg">
      <PageHeader title={t('operators.edit.title')} description={operator.name} back={<BackToOperators />} />
      <OperatorForm
        key={operator.updated_at}
        initialValues={operatorToValues(operator)}
        submitLabel={t('operators.form.submitEdit')}
        pending={update.isPending}
        onSubmit={(body) => update.mutateAsync(body).then(toList)}
        onCancel={toList}
      />
    </Stack>
  );
}
