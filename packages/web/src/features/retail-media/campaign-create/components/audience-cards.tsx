import { Badge, Button, Card, Group, Input, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatInt, formatMoney } from '../../../../shared/ui/format';
import { approvedAudiencesQuery, useAccountId, type Audience } from '../api';
import { t } from '../../../../i18n';

/** Spec §4 audience card states. */
export type AudienceCardState = 'default' | 'selected' | 'change' | 'remove';

interface Props {
  publisherId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}

const costOf = (a: Audience) => (a.price_type === 'free' || !a.price ? t('rmCreate.audiences.free') : formatMoney(a.price));

/**
 * The publisher's approved audiences as cards (name, description, cost, potential reach):
 * select one; a selected one can be removed (asked first) or changed for another.
 */
export function AudienceCards({ publisherId, value, onChange, error }: Props) {
  const audiences = useQuery(approvedAudiencesQuery(useAccountId(), publisherId));
  /** The selected audience being swapped, or being removed. */
  const [mode, setMode] = useState<{ kind: 'change' | 'remove'; id: number } | null>(null);

  const stateOf = (id: number): AudienceCardState => {
    if (mode?.id === id) return mode.kind;
    return value.includes(id) ? 'selected' : 'default';
  };
  const select = (id: number) => {
    onChange(mode?.kind === 'change' ? value.map((v) => (v === mode.id ? id : v)) : [...value, id]);
    setMode(null);
  };

  let body;
  if (audiences.isPending) body = <Text size="sm" c="dimmed">{t('common.loading')}</Text>;
  else if (audiences.isError) {
    body = (
      <Text size="sm" c="red" role="alert">
        {audiences.error.message}
      </Text>
    );
  } else if (audiences.data.data.length === 0) body = <Text size="sm" c="dimmed">{t('rmCreate.audiences.none')}</Text>;
  else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {audiences.data.data.map((a) => {
          const state = stateOf(a.id);
          const highlighted = state !== 'default';
          return (
            <Card
              key={a.id}
              withBorder
              radius="md"
              padding="sm"
              data-testid="audience-card"
              data-state={state}
              style={{ borderColor: highlighted ? `var(--mantine-color-${state === 'remove' ? 'red' : 'blue'}-5)` : undefined }}
            >
              <Stack gap={6} h="100%">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap" miw={0}>
                    <IconUsersGroup size={18} />
                    <Text fw={600} size="sm" lineClamp={1}>
                      {a.name}
                    </Text>
                  </Group>
                  {state !== 'default' && (
                    <Badge size="xs" variant="light" color={state === 'remove' ? 'red' : 'blue'}>
                      {t(`rmCreate.audiences.states.${state}`)}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {a.description ?? t('rmCreate.audiences.noDescription')}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text size="xs">{t('rmCreate.audiences.cost', { cost: costOf(a) })}</Text>
                  <Text size="xs">{t('rmCreate.audiences.people', { count: formatInt(a.estimated_audience) })}</Text>
                </Group>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">
                    {t('rmCreate.audiences.reach', { reach: a.reach_range })}
                  </Text>
                  <Progress value={a.reach_range} size="sm" aria-label={t('rmCreate.audiences.reach', { reach: a.reach_range })} />
                </Stack>
                <Group gap="xs" mt="auto" pt={4}>
                  {state === 'default' && (
                    <Button size="xs" variant={mode?.kind === 'change' ? 'filled' : 'light'} leftSection={<IconCheck size={14} />} onClick={() => select(a.id)} aria-label={`${t('rmCreate.audiences.select')}: ${a.name}`}>
                      {t('rmCreate.audiences.select')}
                    </Button>
                  )}
                  {state === 'selected' && (
                    <>
                      <Button size="xs" variant="light" leftSection={<IconArrowsExchange size={14} />} onClick={() => setMode({ kind: 'change', id: a.id })} aria-label={`${t('rmCreate.audiences.change')}: ${a.name}`}>
                        {t('rmCreate.audiences.change')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setMode({ kind: 'remove', id: a.id })} aria-label={`${t('rmCreate.audiences.remove')}: ${a.name}`}>
                        {t('rmCreate.audiences.remove')}
                      </Button>
                    </>
                  )}
                  {state === 'change' && (
                    <Button size="xs" variant="default" onClick={() => setMode(null)}>
                      {t('rmCreate.audiences.cancelChange')}
                    </Button>
                  )}
                  {state === 'remove' && (
                    <>
                      <Button
                        size="xs"
                        color="red"
                        onClick={() => {
                          onChange(value.filter((v) => v !== a.id));
                          setMode(null);
                        }}
                      >
                        {t('rmCreate.audiences.confirmRemove')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setMode(null)}>
                        {t('rmCreate.audiences.keep')}
                      </Button>
                    </>
                  )}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Input.Wrapper
      label={t('rmCreate.audiences.label')}
      description={mode?.kind === 'change' ? t('rmCreate.audiences.changeHint') : t('rmCreate.audiences.hint')}
      error={error}
    >
      <Stack mt={6}>{body}</Stack>
    </Input.Wrapper>
  );
}
