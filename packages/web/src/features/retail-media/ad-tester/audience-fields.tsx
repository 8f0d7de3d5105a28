import { ActionIcon, Autocomplete, Button, Group, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { RMA_SEGMENTATION_KEYS } from '@backoffice/contracts';
import type { TesterValues } from './tester-rules';
import { t } from '../../../i18n';

type Form = UseFormReturnType<TesterValues>;

const MAX_SEGMENTS = 20;
const MAX_TAGS = 10;

/** Who sees the page (segmentation key + values), the search's tags, and the deduplication switches. */
export function AudienceFields({ form }: { form: Form }) {
  const rows = form.values.segmentation;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text fw={500} size="sm">
          {t('rmAdApi.tester.segmentation.title')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={rows.length >= MAX_SEGMENTS}
          onClick={() => form.insertListItem('segmentation', { key: '', values: '' })}
        >
          {t('rmAdApi.tester.segmentation.add')}
        </Button>
      </Group>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('rmAdApi.tester.segmentation.empty')}
        </Text>
      )}
      {rows.map((_, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid="tester-segment">
          <Autocomplete
            label={t('rmAdApi.tester.segmentation.key')}
            placeholder="STATE"
            data={[...RMA_SEGMENTATION_KEYS]}
            maxLength={40}
            w={170}
            {...form.getInputProps(`segmentation.${index}.key`)}
          />
          <TextInput
            label={t('rmAdApi.tester.segmentation.values')}
            placeholder={t('rmAdApi.tester.segmentation.valuesPlaceholder')}
            style={{ flex: 1 }}
            {...form.getInputProps(`segmentation.${index}.values`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={25}
            aria-label={t('rmAdApi.tester.segmentation.remove', { index: index + 1 })}
            onClick={() => form.removeListItem('segmentation', index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <TagsInput
        label={t('rmAdApi.tester.tags')}
        description={t('rmAdApi.tester.tagsHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        placeholder={t('rmAdApi.tester.tagsPlaceholder')}
        maxTags={MAX_TAGS}
        splitChars={[',']}
        clearable
        {...form.getInputProps('tags')}
      />
      <Switch label={t('rmAdApi.tester.dedupCampaignAds')} description={t('rmAdApi.tester.dedupCampaignAdsHint')} {...form.getInputProps('dedupCampaignAds', { type: 'checkbox' })} />
      <Switch label={t('rmAdApi.tester.dedupAds')} description={t('rmAdApi.tester.dedupAdsHint')} {...form.getInputProps('dedupAds', { type: 'checkbox' })} />
    </Stack>
  );
}
