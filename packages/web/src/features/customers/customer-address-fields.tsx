import { ActionIcon, Badge, Button, Card, Grid, Group, Loader, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { BRAZILIAN_STATES } from '@backoffice/contracts';
import { geocodeQuery, useAccountId } from './api';
import { isCompleteCep, maskCep, onlyDigits } from '../../shared/ui/br-masks';
import type { AddressFormValues } from './customer-form-values';
import { t } from '../../i18n';

const STATES = [...BRAZILIAN_STATES].sort();
type CepState = 'idle' | 'loading' | 'notFound' | 'failed';

interface Props {
  index: number;
  value: AddressFormValues;
  /** Errors by field name of this address (zip_code, street…). */
  errors: Record<string, string | undefined>;
  readOnly: boolean;
  onChange: (patch: Partial<AddressFormValues>) => void;
  onDefault: () => void;
  onRemove: () => void;
}

/** One delivery address: the CEP fills street, neighbourhood, city and UF; the first is the default. */
export function CustomerAddressFields({ index, value, errors, readOnly, onChange, onDefault, onRemove }: Props) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const [cepState, setCepState] = useState<CepState>('idle');
  const lastCep = useRef(onlyDigits(value.zip_code));

  const lookUp = async (cep: string) => {
    lastCep.current = onlyDigits(cep);
    setCepState('loading');
    try {
      const found = (await queryClient.fetchQuery(geocodeQuery(accountId, cep)))[0];
      // The CEP changed while it was looked up: that answer is for another one.
      if (lastCep.current !== onlyDigits(cep)) return;
      if (!found) return setCepState('notFound');
      setCepState('idle');
      onChange({
        ...(found.street ? { street: found.street } : {}),
        ...(found.neighborhood ? { neighborhood: found.neighborhood } : {}),
        ...(found.city ? { city: found.city } : {}),
        ...(found.state ? { state: found.state } : {}),
      });
    } catch {
      setCepState('failed');
    }
  };

  const onCep = (typed: string) => {
    const cep = maskCep(typed);
    onChange({ zip_code: cep });
    setCepState('idle');
    if (isCompleteCep(cep) && onlyDigits(cep) !== lastCep.current) void lookUp(cep);
    if (!isCompleteCep(cep)) lastCep.current = '';
  };

  const cepHint = { loading: t('customers.address.cepLoading'), notFound: t('customers.address.cepNotFound'), failed: t('customers.address.cepFailed'), idle: t('customers.address.cepHint') }[cepState];
  const number = index + 1;
  const text = (field: 'label' | 'street' | 'number' | 'complement' | 'neighborhood' | 'city') => ({
    value: value[field],
    error: errors[field],
    readOnly,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ [field]: e.currentTarget.value }),
  });

  return (
    <Card withBorder radius="md" padding="md" data-testid="customer-address">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {t('customers.address.title', { number })}
            </Text>
            {value.is_default && (
              <Badge size="sm" variant="light" color="teal">
                {t('customers.address.default')}
              </Badge>
            )}
          </Group>
          {!readOnly && (
            <Group gap="xs" wrap="nowrap">
              {!value.is_default && (
                <Button variant="subtle" size="compact-xs" onClick={onDefault}>
                  {t('customers.address.makeDefault')}
                </Button>
              )}
              <Tooltip label={t('customers.address.remove')}>
                <ActionIcon variant="subtle" color="red" aria-label={t('customers.address.removeNumber', { number })} onClick={onRemove}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label={t('customers.address.zipCode')}
              placeholder="00000-000"
              inputMode="numeric"
              withAsterisk
              description={readOnly ? undefined : cepHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              rightSection={cepState === 'loading' ? <Loader size="xs" aria-label={t('customers.address.cepLoading')} /> : undefined}
              value={value.zip_code}
              error={errors.zip_code}
              readOnly={readOnly}
              onChange={(e) => onCep(e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t('customers.address.label')} placeholder={t('customers.address.labelPlaceholder')} maxLength={60} {...text('label')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t('customers.address.street')} withAsterisk maxLength={160} {...text('street')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={t('customers.address.number')} withAsterisk maxLength={20} {...text('number')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('customers.address.complement')} maxLength={80} {...text('complement')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('customers.address.neighborhood')} maxLength={120} {...text('neighborhood')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label={t('customers.address.city')} withAsterisk maxLength={120} {...text('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('customers.address.state')}
              withAsterisk
              data={STATES}
              searchable
              placeholder="UF"
              value={value.state || null}
              error={errors.state}
              readOnly={readOnly}
              onChange={(state) => onChange({ state: state ?? '' })}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}
