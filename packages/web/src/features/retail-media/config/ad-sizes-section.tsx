import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CreateAdSizeBody } from '@backoffice/contracts';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { LoadError } from '../../../shared/components/load-error';
import { PageLoader } from '../../../shared/components/page-loader';
import { adSizesQuery, isWriter, useAccountId, useCreateAdSize, useDeleteAdSize, useMemberRole } from './api';
import { SectionCard } from './section-card';
import { t } from '../../../i18n';

interface SizeValues {
  name: string;
  width: number | string;
  height: number | string;
}

const toBody = (v: SizeValues) => ({ name: v.name.trim(), width: v.width === '' ? Number.NaN : Number(v.width), height: v.height === '' ? Number.NaN : Number(v.height) });
const checkBody = schemaResolver(CreateAdSizeBody, { sync: true });

function AddSizeForm() {
  const create = useCreateAdSize();
  const form = useForm<SizeValues>({ initialValues: { name: '', width: '', height: '' }, validate: (v) => checkBody(toBody(v)) as Record<string, string> });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => create.mutate(toBody(values), { onSuccess: () => form.reset() }))}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput label={t('rmConfig.adSizes.name')} placeholder={t('rmConfig.adSizes.namePlaceholder')} maxLength={60} w={{ base: '100%', xs: 220 }} {...form.getInputProps('name')} />
        <NumberInput label={t('rmConfig.adSizes.width')} min={1} max={10000} allowDecimal={false} suffix=" px" w={120} {...form.getInputProps('width')} />
        <NumberInput label={t('rmConfig.adSizes.height')} min={1} max={10000} allowDecimal={false} suffix=" px" w={120} {...form.getInputProps('height')} />
        <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
          {t('rmConfig.adSizes.add')}
        </Button>
      </Group>
    </form>
  );
}

/** Banner sizes of the publisher's inventory: the list, add and remove. */
export function AdSizesSection() {
  const sizes = useQuery(adSizesQuery(useAccountId()));
  const editable = isWriter(useMemberRole());
  const remove = useDeleteAdSize();
  const confirm = useConfirmModal();
  let body;
  if (sizes.isError) body = <LoadError inline error={sizes.error} retrying={sizes.isFetching} onRetry={() => void sizes.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!sizes.data) body = <PageLoader compact />;
  else if (sizes.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('rmConfig.adSizes.empty')}
      </Text>
    );
  else
    body = (
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rmConfig.adSizes.name')}</Table.Th>
            <Table.Th>{t('rmConfig.adSizes.dimensions')}</Table.Th>
            {editable && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sizes.data.map((size) => (
            <Table.Tr key={size.id} data-testid="ad-size-row">
              <Table.Td>{size.name}</Table.Td>
              <Table.Td>{`${size.width} × ${size.height} px`}</Table.Td>
              {editable && (
                <Table.Td ta="right">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('rmConfig.adSizes.removeOf', { name: size.name })}
                    onClick={() =>
                      confirm.open({
                        title: t('rmConfig.adSizes.removeTitle'),
                        message: t('rmConfig.adSizes.removeMessage', { name: size.name }),
                        confirmLabel: t('common.remove'),
                        confirmColor: 'red',
                        onConfirm: () => remove.mutateAsync(size.id),
                      })
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  return (
    <SectionCard title={t('rmConfig.adSizes.title')} description={t('rmConfig.adSizes.description')} testId="config-ad-sizes">
      <Stack gap="md">
        {body}
        {editable && <AddSizeForm />}
      </Stack>
      {confirm.modal}
    </SectionCard>
  );
}
