import { Anchor, Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PromotionAction } from '@backoffice/contracts';
import type { Promotion } from '../api';
import { describePeriod, describePromotion, periodBounds, typeLabel } from '../describe';
import { PromotionStatusBadge } from './promotion-status-badge';
import { PromotionActionsMenu } from './promotion-actions-menu';
import { t } from '../../../i18n';

const SKELETON_ROWS = 6;
const COLUMNS = 6;
/** Columns shown only from Mantine's `sm` breakpoint: on phones the period goes under the name. */
const SECONDARY = new Set([1, 2, 3]);

interface Props {
  /** Undefined while the first page loads: skeleton rows. */
  promotions: Promotion[] | undefined;
  canWrite: boolean;
  onAction: (promotion: Promotion, action: PromotionAction) => void;
  onDuplicate: (promotion: Promotion) => void;
  onDelete: (promotion: Promotion) => void;
}

function PeriodCell({ promotion }: { promotion: Promotion }) {
  const { start, end } = periodBounds(promotion);
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {start}
      <br />
      <Text span c="dimmed" size="sm">
        {t('promotions.describe.until', { end })}
      </Text>
    </Text>
  );
}

export function PromotionsTable({ promotions, ...actions }: Props) {
  // The table keeps its desktop min width from `sm` (its miw); on phones it fits the screen.
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover={!!promotions} aria-busy={!promotions} miw={{ sm: 900 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('promotions.columns.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('promotions.columns.type')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('promotions.columns.benefit')}</Table.Th>
            <Table.Th visibleFrom="sm" miw={150}>{t('promotions.columns.period')}</Table.Th>
            <Table.Th miw={{ base: 0, sm: 130 }}>{t('promotions.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('promotions.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {promotions
            ? promotions.map((p) => (
                <Table.Tr key={p.id} data-testid="promotion-row">
                  <Table.Td maw={280}>
                    <Stack gap={2}>
                      <Anchor renderRoot={(props) => <Link {...props} to="/promotional/view/$id" params={{ id: String(p.id) }} />} size="sm" fw={500} lineClamp={2}>
                        {p.name}
                      </Anchor>
                      {p.code && (
                        <Group gap={4}>
                          <Badge size="xs" variant="outline" color="grape" radius="sm" tt="none">
                            {p.code}
                          </Badge>
                        </Group>
                      )}
                      <Text hiddenFrom="sm" size="xs" c="dimmed">
                        {describePeriod(p)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{typeLabel(p.promotion_type)}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" maw={260}>
                    <Text size="sm">{describePromotion(p)}</Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <PeriodCell promotion={p} />
                  </Table.Td>
                  <Table.Td>
                    <PromotionStatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <PromotionActionsMenu promotion={p} {...actions} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            : Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row} data-testid="promotion-row-skeleton">
                  {Array.from({ length: COLUMNS }, (_, col) => (
                    <Table.Td key={col} visibleFrom={SECONDARY.has(col) ? 'sm' : undefined}>
                      <Skeleton height={14} radius="sm" width={col === 0 ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
