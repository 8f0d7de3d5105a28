import { Alert, Button, Card, Group, Stack, Stepper } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconRocket } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { saoPauloToday } from '@backoffice/contracts';
import { ApiError } from '../../../../shared/api/client';
import { notifyError } from '../../../../shared/ui/notify';
import { useCreateObjectiveCampaign, type CampaignDetail } from '../api';
import {
  OBJECTIVE_STEPS,
  canSubmitObjective,
  defaultObjectiveValues,
  objectiveFieldOf,
  stepEnabled,
  stepOfField,
  stepValidity,
  toObjectiveBody,
  validateObjective,
  type ObjectiveValues,
} from '../objective-steps';
import { GoalStep } from './goal-step';
import { ProductsStep } from './products-step';
import { SetupStep } from './setup-step';
import { t } from '../../../../i18n';

type Errors = Partial<Record<keyof ObjectiveValues, string>>;

interface Props {
  publisherId: number;
  currencyCents: boolean;
  onCreated: (campaign: CampaignDetail) => void;
  onCancel: () => void;
}

/**
 * Spec §2/§4 objective-based creation in three steps (goal, products, setup): each step opens
 * only once the ones before it are valid, and "Criar campanha" only when all are.
 */
export function ObjectiveFlow({ publisherId, currencyCents, onCreated, onCancel }: Props) {
  const [today] = useState(saoPauloToday);
  const [values, setValues] = useState<ObjectiveValues>(() => defaultObjectiveValues(today));
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateObjectiveCampaign();
  // Phones: the steps one under the other.
  const narrow = useMediaQuery('(max-width: 48em)');

  const valid = stepValidity(values);
  const enabled = stepEnabled(values);
  const step = OBJECTIVE_STEPS[active]!;
  const last = active === OBJECTIVE_STEPS.length - 1;

  const change = (patch: Partial<ObjectiveValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setErrors((prev) => {
      const next = { ...prev };
      for (const key of Object.keys(patch) as (keyof ObjectiveValues)[]) delete next[key];
      return next;
    });
  };
  const goTo = (index: number) => {
    const target = OBJECTIVE_STEPS[index];
    if (target && enabled[target]) setActive(index);
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = Object.keys(found)[0] as keyof ObjectiveValues | undefined;
    if (first) setActive(OBJECTIVE_STEPS.indexOf(stepOfField(first)));
  };

  const submit = () => {
    setServerError(null);
    const found = validateObjective(values, publisherId, currencyCents);
    if (Object.keys(found).length) return showErrors(found);
    create.mutateAsync(toObjectiveBody(values, publisherId, currencyCents)).then(onCreated, (error: unknown) => {
      if (!(error instanceof ApiError)) return notifyError(error);
      const fromApi: Errors = {};
      for (const d of error.status === 400 ? (error.details ?? []) : []) {
        const field = objectiveFieldOf(d.field);
        if (field) fromApi[field] ??= d.message;
      }
      if (Object.keys(fromApi).length) showErrors(fromApi);
      else setServerError(error.message);
    });
  };

  return (
    <Stack gap="md">
      {serverError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {serverError}
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stepper active={active} onStepClick={goTo} size="sm" orientation={narrow ? 'vertical' : 'horizontal'}>
          <Stepper.Step label={t('rmCreate.steps.goal')} description={t('rmCreate.steps.goalHint')} allowStepSelect={enabled.goal} color={errors.goal ? 'red' : undefined}>
            <GoalStep publisherId={publisherId} value={values.goal} onChange={(goal) => change({ goal })} error={errors.goal} />
          </Stepper.Step>
          <Stepper.Step
            label={t('rmCreate.steps.products')}
            description={t('rmCreate.steps.productsHint')}
            allowStepSelect={enabled.products}
            data-enabled={enabled.products}
            data-testid="step-products"
          >
            <ProductsStep publisherId={publisherId} value={values.products} onChange={(products) => change({ products })} error={errors.products} />
          </Stepper.Step>
          <Stepper.Step
            label={t('rmCreate.steps.setup')}
            description={t('rmCreate.steps.setupHint')}
            allowStepSelect={enabled.setup}
            data-enabled={enabled.setup}
            data-testid="step-setup"
          >
            <SetupStep values={values} onChange={change} today={today} errors={errors} currencyCents={currencyCents} />
          </Stepper.Step>
        </Stepper>
      </Card>
      <Group justify="space-between">
        <Button variant="default" onClick={active === 0 ? onCancel : () => setActive(active - 1)} leftSection={active === 0 ? undefined : <IconArrowLeft size={16} />}>
          {active === 0 ? t('common.cancel') : t('rmCreate.back')}
        </Button>
        {last ? (
          <Button onClick={submit} disabled={!canSubmitObjective(values)} loading={create.isPending} leftSection={<IconRocket size={16} />}>
            {t('rmCreate.submit')}
          </Button>
        ) : (
          <Button onClick={() => goTo(active + 1)} disabled={!valid[step]} rightSection={<IconArrowRight size={16} />}>
            {t('rmCreate.next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
