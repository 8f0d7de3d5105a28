import { Badge, Button, Card, Group, Stack, TagsInput, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useSetCategories, type CampaignDetail } from '../api';
import { t } from '../../../../i18n';

const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Categories of a category-targeted campaign: chips; the owner adds or removes them and saves. */
export function CampaignCategories({ campaign }: { campaign: CampaignDetail }) {
  const owner = campaign.permissions.can_manage_categories;
  const [draft, setDraft] = useState(campaign.categories);
  const [seen, setSeen] = useState(campaign.categories);
  // A refreshed campaign (saved here or elsewhere) restarts the draft.
  if (seen !== campaign.categories) {
    setSeen(campaign.categories);
    setDraft(campaign.categories);
  }
  const save = useSetCategories(campaign.id);
  const changed = !same(draft, campaign.categories);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="campaign-categories-title" data-testid="campaign-categories">
      <Stack gap="md">
        <Title order={4} id="campaign-categories-title">
          {t('rmCampaigns.categories.title')}
        </Title>
        {owner ? (
          <>
            <TagsInput
              label={t('rmCampaigns.categories.label')}
              description={t('rmCampaigns.categories.hint')}
              placeholder={t('rmCampaigns.categories.placeholder')}
              value={draft}
              onChange={setDraft}
              splitChars={[';']}
              clearable
            />
            <Group justify="flex-end" gap="sm">
              {changed && (
                <Button variant="default" onClick={() => setDraft(campaign.categories)} disabled={save.isPending}>
                  {t('common.cancel')}
                </Button>
              )}
              <Button leftSection={<IconDeviceFloppy size={16} />} disabled={!changed} loading={save.isPending} onClick={() => save.mutate(draft)}>
                {t('rmCampaigns.categories.save')}
              </Button>
            </Group>
          </>
        ) : campaign.categories.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('rmCampaigns.categories.empty')}
          </Text>
        ) : (
          <Group gap={6}>
            {campaign.categories.map((category) => (
              <Badge key={category} variant="light" radius="sm" tt="none" size="lg">
                {category}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
