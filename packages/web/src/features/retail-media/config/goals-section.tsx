import { Button, NumberInput, Table, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type RmGoal } from '@backoffice/contracts';
import { LoadError } from '../../../shared/components/load-error';
import { PageLoader } from '../../../shared/components/page-loader';
import { goalsQuery, isWriter, useAccountId, useMemberRole, useSaveGoal, type Goal } from './api';
import { SectionCard } from './section-card';
import { t } from '../../../i18n';

const money = { prefix: 'R$ ', decimalSeparator: ',', thousandSeparator: '.', decimalScale: 2, fixedDecimalScale: true, allowNegative: false, hideControls: true } as const;

/** One goal's ad-cost range, saved on its own row. */
function GoalRow({ goal, editable }: { goal: Goal; editable: boolean }) {
  const save = useSaveGoal();
  const [min, setMin] = useState<number | string>(goal.range.min);
  const [max, setMax] = useState<number | string>(goal.range.max);
  const [error, setError] = useState<string | null>(null);
  const changed = Number(min) !== goal.range.min || Number(max) !== goal.range.max;
  const submit = () => {
    if (min === '' || max === '') return setError(t('rmConfig.goals.required'));
    if (Number(min) > Number(max)) return setError(t('rmConfig.goals.order'));
    setError(null);
    save.mutate({ name: goal.name as RmGoal, body: { min: Number(min), max: Number(max) } });
  };
  return (
    <Table.Tr data-testid="goal-row">
      <Table.Td>
        <Text size="sm" fw={600}>
          {goal.label}
        </Text>
      </Table.Td>
      <Table.Td>
        <NumberInput {...money} aria-label={t('rmConfig.goals.minOf', { goal: goal.label })} value={min} onChange={setMin} disabled={!editable} error={error} w={140} />
      </Table.Td>
      <Table.Td>
        <NumberInput {...money} aria-label={t('rmConfig.goals.maxOf', { goal: goal.label })} value={max} onChange={setMax} disabled={!editable} w={140} />
      </Table.Td>
      {editable && (
        <Table.Td ta="right">
          <Button size="xs" variant="light" leftSection={<IconDeviceFloppy size={14} />} disabled={!changed} loading={save.isPending} onClick={submit}>
            {t('common.save')}
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** Objective-based campaigns' goals with their ad-cost ranges; a failed load is an error alert (spec §8). */
export function GoalsSection() {
  const goals = useQuery(goalsQuery(useAccountId()));
  const editable = isWriter(useMemberRole());
  let body;
  if (goals.isError) body = <LoadError inline error={goals.error} retrying={goals.isFetching} onRetry={() => void goals.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!goals.data) body = <PageLoader compact />;
  else
    body = (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="sm" miw={{ sm: 560 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rmConfig.goals.goal')}</Table.Th>
              <Table.Th>{t('rmConfig.goals.min')}</Table.Th>
              <Table.Th>{t('rmConfig.goals.max')}</Table.Th>
              {editable && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {goals.data.map((goal) => (
              <GoalRow key={`${goal.name}-${goal.range.min}-${goal.range.max}`} goal={goal} editable={editable} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <SectionCard title={t('rmConfig.goals.title')} description={t('rmConfig.goals.description')} testId="config-goals">
      {body}
    </SectionCard>
  );
}
