import { ActionIcon, Anchor, Badge, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../shared/ui/format';
import { TemplateApproval } from './status-badges';
import type { TemplateRow } from './templates-api';
import { t } from '../../i18n';

interface Props {
  rows: TemplateRow[];
  readOnly: boolean;
  onDelete: (row: TemplateRow) => void;
}

/** The templates with their approval (and rejection text), and the spec §4 saving/deleted marks. */
export function TemplatesTable({ rows, readOnly, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 820 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('messagingCampaigns.templates.columns.name')}</Table.Th>
            <Table.Th>{t('messagingCampaigns.templates.columns.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('messagingCampaigns.templates.columns.buttons')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('messagingCampaigns.templates.columns.campaigns')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('messagingCampaigns.templates.columns.updated')}</Table.Th>
            <Table.Th ta="right">{t('messagingCampaigns.templates.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.key}
              data-testid="template-row"
              data-saving={row.saving || undefined}
              data-deleted={row.deleted || undefined}
              aria-busy={row.saving}
              style={{ opacity: row.saving ? 0.6 : 1, textDecoration: row.deleted ? 'line-through' : undefined }}
            >
              <Table.Td>
                <Stack gap={2}>
                  {row.temporary ? (
                    <Text size="sm" fw={600}>
                      {row.name}
                    </Text>
                  ) : (
                    <Anchor renderRoot={(props) => <Link {...props} to="/messaging-campaigns/templates/view/$id" params={{ id: String(row.id) }} />} size="sm" fw={600} c="inherit">
                      {row.name}
                    </Anchor>
                  )}
                  {row.description && (
                    <Text size="xs" c="dimmed" lineClamp={1} maw={340}>
                      {row.description}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                {row.saving ? (
                  <Group gap={6} wrap="nowrap" data-testid="template-saving">
                    <Loader size={14} />
                    <Text size="sm" c="dimmed">
                      {row.deleted ? t('messagingCampaigns.templates.deleting') : t('messagingCampaigns.templates.saving')}
                    </Text>
                  </Group>
                ) : (
                  <TemplateApproval status={row.status} reason={row.rejection_reason} />
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm" miw={170}>
                <Group gap={4}>
                  {row.buttons.map((b) => (
                    <Badge key={b} variant="outline" color="gray" size="sm" tt="none">
                      {b}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td visibleFrom="sm">{row.campaigns_count}</Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.updated_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                {!row.temporary && (
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('messagingCampaigns.templates.actions.view')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`${t('messagingCampaigns.templates.actions.view')}: ${row.name}`}
                        renderRoot={(props) => <Link {...props} to="/messaging-campaigns/templates/view/$id" params={{ id: String(row.id) }} />}
                      >
                        <IconEye size={18} />
                      </ActionIcon>
                    </Tooltip>
                    {!readOnly && (
                      <Tooltip label={row.campaigns_count > 0 ? t('messagingCampaigns.templates.inUse') : t('messagingCampaigns.templates.actions.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={row.saving || row.campaigns_count > 0}
                          onClick={() => onDelete(row)}
                          aria-label={`${t('messagingCampaigns.templates.actions.delete')}: ${row.name}`}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
