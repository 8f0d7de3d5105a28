import { ActionIcon, Badge, Box, Button, Card, Group, Pagination, Skeleton, Stack, Switch, Table, TagsInput, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AddKeywordsBody } from '@backoffice/contracts';
import { SearchInput } from '../../../../shared/components/search-input';
import { campaignKeywordsQuery, useAccountId, useAddKeywords, useRemoveKeyword, useToggleKeyword, type CampaignDetail, type CampaignKeyword } from '../api';
import { formatInt } from '../describe';
import { CampaignLoadError } from './campaign-load-states';
import { t, tn } from '../../../../i18n';

/** The owner types keywords (Enter or comma between them) and adds them at once. */
function AddKeywords({ campaignId }: { campaignId: number }) {
  const [keywords, setKeywords] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useAddKeywords(campaignId);
  const submit = async () => {
    const parsed = AddKeywordsBody.safeParse({ keywords });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('errors.generic'));
      return;
    }
    await add.mutateAsync(parsed.data.keywords);
    setKeywords([]);
  };
  return (
    <Group align="flex-end" gap="sm">
      <TagsInput
        label={t('rmCampaigns.keywords.add')}
        placeholder={t('rmCampaigns.keywords.addPlaceholder')}
        value={keywords}
        onChange={(v) => {
          setKeywords(v);
          setError(null);
        }}
        splitChars={[',', ';']}
        error={error}
        clearable
        style={{ flex: 1 }}
        miw={{ base: '100%', xs: 260 }}
      />
      <Button leftSection={<IconPlus size={16} />} loading={add.isPending} disabled={keywords.length === 0} onClick={() => void submit().catch(() => undefined)}>
        {t('rmCampaigns.keywords.addButton')}
      </Button>
    </Group>
  );
}

function KeywordState({ keyword, campaignId, owner }: { keyword: CampaignKeyword; campaignId: number; owner: boolean }) {
  const toggle = useToggleKeyword(campaignId);
  // Spec §6: the toggle is the advertiser's; the publisher sees "Pausada" on a disabled keyword.
  if (owner) {
    return (
      <Switch
        checked={keyword.active}
        disabled={toggle.isPending}
        onChange={(e) => toggle.mutate({ keywordId: keyword.id, active: e.currentTarget.checked })}
        aria-label={t('rmCampaigns.keywords.toggle', { keyword: keyword.keyword })}
      />
    );
  }
  return keyword.active ? null : (
    <Badge variant="light" color="yellow" radius="sm" data-testid="keyword-paused">
      {t('rmCampaigns.keywords.paused')}
    </Badge>
  );
}

/** Keywords of a keyword-targeted campaign: searchable, 50 a page; the owner adds, toggles and removes. */
export function CampaignKeywords({ campaign }: { campaign: CampaignDetail }) {
  const owner = campaign.permissions.can_manage_keywords;
  const [q, setQ] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const keywords = useQuery(campaignKeywordsQuery(useAccountId(), campaign.id, { q, page }));
  const remove = useRemoveKeyword(campaign.id);
  const meta = keywords.data?.meta;

  let body;
  if (keywords.isError) body = <CampaignLoadError error={keywords.error} onRetry={() => void keywords.refetch()} retrying={keywords.isFetching} />;
  else if (!keywords.data) body = <Skeleton height={120} radius="md" />;
  else if (keywords.data.data.length === 0) body = <Text size="sm" c="dimmed">{t(q ? 'rmCampaigns.keywords.emptyFiltered' : 'rmCampaigns.keywords.empty')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="xs" data-testid="campaign-keywords-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rmCampaigns.keywords.keyword')}</Table.Th>
              <Table.Th w={owner ? 110 : 140}>{owner ? t('rmCampaigns.keywords.active') : t('rmCampaigns.keywords.state')}</Table.Th>
              {owner && <Table.Th w={60} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keywords.data.data.map((k) => (
              <Table.Tr key={k.id} data-testid="keyword-row">
                <Table.Td>
                  <Text size="sm">{k.keyword}</Text>
                </Table.Td>
                <Table.Td>
                  <KeywordState keyword={k} campaignId={campaign.id} owner={owner} />
                </Table.Td>
                {owner && (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={t('rmCampaigns.keywords.remove', { keyword: k.keyword })} onClick={() => remove.mutate(k.id)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="campaign-keywords-title" data-testid="campaign-keywords">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={4} id="campaign-keywords-title">
              {t('rmCampaigns.keywords.title')}
            </Title>
            {meta && (
              <Text size="sm" c="dimmed">
                {tn('rmCampaigns.keywords.total', meta.total, { total: formatInt(meta.total) })}
              </Text>
            )}
          </Stack>
          <Box w={{ base: '100%', sm: 320 }}>
            <SearchInput
            label={t('rmCampaigns.keywords.search')}
            placeholder={t('rmCampaigns.keywords.searchPlaceholder')}
            type="search"
            value={q}
            onChange={(text) => {
              setQ(text.trim() || undefined);
              setPage(1);
            }}
            />
          </Box>
        </Group>
        {owner && <AddKeywords campaignId={campaign.id} />}
        {body}
        {meta && meta.total_pages > 1 && (
          <Group justify="flex-end">
            <Pagination total={meta.total_pages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
