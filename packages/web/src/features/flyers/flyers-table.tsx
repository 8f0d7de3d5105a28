import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Flyer } from './api';
import { FlyerStatusBadge } from './flyer-status-badge';
import { FlyerRowActions } from './flyer-row-actions';
import { FlyerThumbnail } from './flyer-media-preview';
import { formatPeriodDates, formatSpDateTime, formatStores } from './flyer-format';
import type { FlyerRowAction } from './flyer-status';
import { t } from '../../i18n';

interface Props {
  flyers: Flyer[];
  storeNames?: Map<number, string>;
  readOnly: boolean;
  onAction: (flyer: Flyer, action: FlyerRowAction) => void;
}

export function FlyersTable({ flyers, storeNames, readOnly, onAction }: Props) {
  // The table keeps its desktop min width from `sm` (its miw); on phones it fits the screen.
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 860 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72} visibleFrom="sm">{t('flyers.columns.media')}</Table.Th>
            <Table.Th>{t('flyers.columns.name')}</Table.Th>
            <Table.Th miw={{ base: 0, sm: 120 }}>{t('flyers.columns.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('flyers.columns.period')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('flyers.columns.stores')}</Table.Th>
            <Table.Th ta="right">{t('flyers.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flyers.map((flyer) => (
            <Table.Tr key={flyer.id} data-testid="flyer-row">
              <Table.Td visibleFrom="sm">
                <FlyerThumbnail media={flyer} name={flyer.name} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor renderRoot={(props) => <Link {...props} to="/promotional-flyers/view/$id" params={{ id: String(flyer.id) }} />} size="sm" fw={600} c="inherit">
                    {flyer.name}
                  </Anchor>
                  {flyer.message && (
                    <Text size="xs" c="dimmed" lineClamp={1} maw={320} visibleFrom="sm">
                      {flyer.message}
                    </Text>
                  )}
                  <Text hiddenFrom="sm" size="xs" c="dimmed">
                    {formatPeriodDates(flyer.start_at, flyer.end_at)}
                  </Text>
                  <Text hiddenFrom="sm" size="xs" c="dimmed" lineClamp={2}>
                    {formatStores(flyer.location_ids, storeNames)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <FlyerStatusBadge status={flyer.status} />
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" title={`${formatSpDateTime(flyer.start_at)} – ${formatSpDateTime(flyer.end_at)}`} style={{ whiteSpace: 'nowrap' }}>
                  {formatPeriodDates(flyer.start_at, flyer.end_at)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" lineClamp={2} maw={240}>
                  {formatStores(flyer.location_ids, storeNames)}
                </Text>
              </Table.Td>
              <Table.Td>
                <FlyerRowActions flyer={flyer} readOnly={readOnly} onAction={(action) => onAction(flyer, action)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
