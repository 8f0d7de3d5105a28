import { Alert, Button, Card, Grid, Group, Modal, NumberInput, Paper, Select, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowBackUp, IconBuildingStore, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { BotFlowBody as BotFlowSchema } from '@backoffice/contracts';
import { accountInfoQuery } from '../../shared/account/queries';
import { ApiError } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';
import { notifyError } from '../../shared/ui/notify';
import { storesQuery, useAccountId } from './api';
import { BOT_MESSAGES, BOT_PLACEHOLDERS, toBotFlowBody, unknownPlaceholders, useSaveBotFlow, type BotFlow, type BotFlowBody, type BotMessage } from './bot-flow-api';
import { BotFlowPreview } from './bot-flow-preview';
import { formatWhen } from './chat-labels';
import { t } from '../../i18n';

type Values = Omit<BotFlowBody, 'abandon_after_minutes' | 'default_location_id'> & { abandon_after_minutes: number | string; default_location_id: string | null };

const check = schemaResolver(BotFlowSchema, { sync: true });
const inputId = (field: string) => `bot-flow-${field}`;

const toValues = (flow: BotFlowBody): Values => ({ ...flow, default_location_id: flow.default_location_id === null ? null : String(flow.default_location_id) });

function toBody(v: Values): BotFlowBody {
  const texts = Object.fromEntries(BOT_MESSAGES.map((m) => [m, v[m].trim()])) as Record<BotMessage, string>;
  return {
    enabled: v.enabled,
    ...texts,
    // An empty box is reported as missing by the contract, not as 0 minutes.
    abandon_after_minutes: (v.abandon_after_minutes === '' ? undefined : Number(v.abandon_after_minutes)) as number,
    default_location_id: v.default_location_id ? Number(v.default_location_id) : null,
  };
}

const focusField = (field: string) => document.getElementById(inputId(field))?.focus();

/** The help under a message: the placeholders it fills, and those it would send as written. */
function MessageHelp({ message, text }: { message: BotMessage; text: string }) {
  const unknown = unknownPlaceholders(message, text);
  return (
    <>
      {t(`chats.botFlow.help.${message}`)}
      {BOT_PLACEHOLDERS[message].length > 0 && ` ${t(`chats.botFlow.placeholders.${message}`)}`}
      {unknown.length > 0 && (
        <Text span display="block" size="xs" c="orange.8" mt={2} data-testid={`bot-flow-unknown-${message}`}>
          {t('chats.botFlow.unknownPlaceholders', { names: unknown.map((n) => `{{${n}}}`).join(', ') })}
        </Text>
      )}
    </>
  );
}

/** The bot flow's form beside its preview; saving sends the whole flow (PUT). */
export function BotFlowForm({ flow }: { flow: BotFlow }) {
  const accountId = useAccountId();
  const session = useSession();
  const info = useQuery(accountInfoQuery(accountId));
  const role = info.data?.find((a) => a.current)?.role ?? info.data?.[0]?.role;
  const canEdit = role === undefined || role === 'admin' || role === 'manager';
  const stores = useQuery(storesQuery(accountId));
  const save = useSaveBotFlow();

  const form = useForm<Values>({
    initialValues: toValues(toBotFlowBody(flow)),
    validate: (values) => check(toBody(values)),
  });
  const dirty = form.isDirty();

  const blocker = useBlocker({ shouldBlockFn: () => form.isDirty() && !save.isPending, enableBeforeUnload: () => form.isDirty(), withResolver: true });

  const submit = form.onSubmit(
    (values) =>
      save.mutate(toBody(values), {
        onSuccess: (saved) => {
          const next = toValues(toBotFlowBody(saved));
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.details ?? []).filter((d) => d.field in values) : [];
          for (const d of fields) form.setFieldError(d.field, d.message);
          if (fields[0]) focusField(fields[0].field);
          notifyError(error);
        },
      }),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) focusField(first);
    },
  );

  const storeData = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const chosen = form.values.default_location_id;
  if (chosen && !storeData.some((s) => s.value === chosen)) storeData.push({ value: chosen, label: t('common.storeFilter.fallback', { id: chosen }) });

  const message = (m: BotMessage) => (
    <Textarea
      key={m}
      id={inputId(m)}
      label={t(`chats.botFlow.fields.${m}`)}
      description={<MessageHelp message={m} text={form.values[m]} />}
      withAsterisk
      autosize
      minRows={2}
      maxRows={8}
      maxLength={1000}
      readOnly={!canEdit}
      {...form.getInputProps(m)}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="bot-flow-form">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {!canEdit && (
              <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="bot-flow-read-only">
                {t('chats.botFlow.readOnly')}
              </Alert>
            )}
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Title order={4}>{t('chats.botFlow.general')}</Title>
                <Switch
                  id={inputId('enabled')}
                  label={t('chats.botFlow.fields.enabled')}
                  description={form.values.enabled ? t('chats.botFlow.help.enabledOn') : t('chats.botFlow.help.enabledOff')}
                  disabled={!canEdit}
                  {...form.getInputProps('enabled', { type: 'checkbox' })}
                />
                <NumberInput
                  id={inputId('abandon_after_minutes')}
                  label={t('chats.botFlow.fields.abandon_after_minutes')}
                  description={t('chats.botFlow.help.abandon_after_minutes')}
                  withAsterisk
                  min={5}
                  max={1440}
                  step={5}
                  allowDecimal={false}
                  allowNegative={false}
                  styles={{ wrapper: { maxWidth: 180 } }}
                  readOnly={!canEdit}
                  {...form.getInputProps('abandon_after_minutes')}
                />
                <Select
                  id={inputId('default_location_id')}
                  label={t('chats.botFlow.fields.default_location_id')}
                  description={t('chats.botFlow.help.default_location_id')}
                  placeholder={stores.isError ? t('chats.botFlow.storesError') : t('chats.botFlow.noDefaultStore')}
                  data={storeData}
                  leftSection={<IconBuildingStore size={16} />}
                  clearable
                  searchable
                  nothingFoundMessage={t('common.storeFilter.none')}
                  styles={{ wrapper: { maxWidth: 420 } }}
                  readOnly={!canEdit}
                  {...form.getInputProps('default_location_id')}
                />
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Stack gap={2}>
                  <Title order={4}>{t('chats.botFlow.messages')}</Title>
                  <Text size="sm" c="dimmed">
                    {t('chats.botFlow.messagesHint')}
                  </Text>
                </Stack>
                {BOT_MESSAGES.map(message)}
              </Stack>
            </Card>
            {canEdit && (
              <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2, boxShadow: '0 -4px 12px rgba(0,0,0,0.06)' }} data-testid="bot-flow-actions">
                <Group justify="space-between" gap="sm">
                  <Text size="sm" c={dirty ? 'orange.8' : 'dimmed'} data-testid="bot-flow-status">
                    {dirty ? t('chats.botFlow.unsaved') : flow.updated_at ? t('chats.botFlow.savedAt', { when: formatWhen(flow.updated_at) }) : t('chats.botFlow.defaults')}
                  </Text>
                  <Group gap="sm">
                    <Button variant="default" leftSection={<IconArrowBackUp size={16} />} disabled={!dirty || save.isPending} onClick={() => form.reset()}>
                      {t('chats.botFlow.discard')}
                    </Button>
                    <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                      {t('common.save')}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 80 }}>
            <BotFlowPreview flow={toBody(form.values)} account={session?.account.name ?? ''} />
          </div>
        </Grid.Col>
      </Grid>
      <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} centered title={<Text fw={600}>{t('chats.botFlow.leaveTitle')}</Text>}>
        <Stack gap="md">
          <Text size="sm">{t('chats.botFlow.leaveMessage')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              {t('chats.botFlow.keepEditing')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('chats.botFlow.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
