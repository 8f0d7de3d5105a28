import { ActionIcon, Autocomplete, Button, Card, Checkbox, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RMA_VIDEO_SIZES } from '@backoffice/contracts';
import { testerAdSizesQuery } from './api';
import { MAX_PLACEMENTS, MAX_QUANTITY, TESTER_ASSET_TYPES, TESTER_TYPES, emptyPlacement, listsProducts, placementNames, takesMedia, type TesterValues } from './tester-rules';
import { t } from '../../../i18n';

type Form = UseFormReturnType<TesterValues>;

/**
 * Sizes to suggest: desktop and mobile, the publisher's formats (LxA), and the video sizes. Any
 * other text is accepted too (a format's name, say).
 */
function useSizeSuggestions(accountId: number, publisherId: string) {
  const sizes = useQuery(testerAdSizesQuery(accountId, publisherId));
  const labels = new Map<string, string>([
    ['desktop', t('rmAdApi.tester.sizes.desktop')],
    ['mobile', t('rmAdApi.tester.sizes.mobile')],
  ]);
  for (const s of sizes.data ?? []) {
    const value = `${s.width}x${s.height}`;
    if (!labels.has(value)) labels.set(value, s.name);
  }
  const image = [...labels.keys()];
  for (const [name, frame] of Object.entries(RMA_VIDEO_SIZES)) labels.set(name, t('rmAdApi.tester.sizes.video', { frame: frame.replace('x', ' × ') }));
  const data = [
    { group: t('rmAdApi.tester.sizes.imageGroup'), items: image },
    { group: t('rmAdApi.tester.sizes.videoGroup'), items: Object.keys(RMA_VIDEO_SIZES) },
  ];
  return { data, labels };
}

function PlacementCard({ form, index, name, suggestions }: { form: Form; index: number; name: string; suggestions: ReturnType<typeof useSizeSuggestions> }) {
  const path = `placements.${index}` as const;
  const placement = form.values.placements[index]!;
  const many = form.values.placements.length > 1;
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="tester-placement-fields">
      <Stack gap="sm">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('rmAdApi.tester.placement.name')}
            placeholder={name}
            maxLength={100}
            style={{ flex: 1 }}
            {...form.getInputProps(`${path}.name`)}
          />
          {many && (
            <Tooltip label={t('rmAdApi.tester.placement.remove', { name })} withArrow>
              <ActionIcon variant="subtle" color="red" size="lg" mb={2} aria-label={t('rmAdApi.tester.placement.remove', { name })} onClick={() => form.removeListItem('placements', index)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Checkbox.Group label={t('rmAdApi.tester.placement.types')} withAsterisk {...form.getInputProps(`${path}.types`)}>
          <Group gap="md" mt={6}>
            {TESTER_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`rmAdApi.tester.types.${type}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('rmTester.form.quantity')}
            description={t('rmAdApi.tester.placement.quantityHint', { max: MAX_QUANTITY })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={1}
            max={MAX_QUANTITY}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
            {...form.getInputProps(`${path}.quantity`)}
          />
          <Autocomplete
            label={t('rmAdApi.tester.placement.size')}
            description={placement.types.includes('banner') ? t('rmAdApi.tester.placement.sizeRequired') : t('rmAdApi.tester.placement.sizeHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder={t('rmAdApi.tester.placement.sizePlaceholder')}
            data={suggestions.data}
            withAsterisk={placement.types.includes('banner')}
            maxLength={60}
            renderOption={({ option }) => (
              <Group gap={6} wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {option.value}
                </Text>
                {suggestions.labels.get(option.value) && (
                  <Text size="xs" c="dimmed">
                    {suggestions.labels.get(option.value)}
                  </Text>
                )}
              </Group>
            )}
            {...form.getInputProps(`${path}.size`)}
          />
        </SimpleGrid>
        {takesMedia(placement.types) && (
          <Checkbox.Group
            label={t('rmAdApi.tester.placement.assetsType')}
            description={t('rmAdApi.tester.placement.assetsTypeHint')}
            {...form.getInputProps(`${path}.assetsType`)}
          >
            <Group gap="md" mt={6}>
              {TESTER_ASSET_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`rmAdApi.tester.assetTypes.${type}`)} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {listsProducts(placement.types) && (
          <Switch
            label={t('rmAdApi.tester.placement.allowSkuDuplications')}
            description={t('rmAdApi.tester.placement.allowSkuDuplicationsHint')}
            {...form.getInputProps(`${path}.allowSkuDuplications`, { type: 'checkbox' })}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The page's placements: each with its types, quantity, size, media and SKU repetition. */
export function PlacementFields({ form, accountId }: { form: Form; accountId: number }) {
  const suggestions = useSizeSuggestions(accountId, form.values.publisherId);
  const names = placementNames(form.values);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {t('rmAdApi.tester.placement.title')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={form.values.placements.length >= MAX_PLACEMENTS}
          onClick={() => form.insertListItem('placements', emptyPlacement())}
        >
          {t('rmAdApi.tester.placement.add')}
        </Button>
      </Group>
      {form.values.placements.map((_, index) => (
        <PlacementCard key={index} form={form} index={index} name={names[index]!} suggestions={suggestions} />
      ))}
    </Stack>
  );
}
