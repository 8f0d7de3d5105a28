import { ActionIcon, Anchor, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCalendarTime, IconMap2, IconPencil, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Location } from './api';
import { DeliveryTypeBadge } from './delivery-type-badge';
import { cityState, slotsMode } from './location-format';
import { t } from '../../i18n';

interface Props {
  locations: Location[];
  readOnly: boolean;
  onDelete: (location: Location) => void;
}

function Action({ label, children }: { label: string; children: ReactNode }) {
  return <Tooltip label={label}>{children}</Tooltip>;
}

/** The stores with their place, how they serve, and the way to their users, regions and slots. */
export function LocationsTable({ locations, readOnly, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 820 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('locations.columns.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('locations.columns.city')}</Table.Th>
            <Table.Th>{t('locations.columns.deliveryType')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('locations.columns.active')}</Table.Th>
            <Table.Th ta="right">{t('locations.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locations.map((location) => {
            const id = String(location.id);
            const name = location.name;
            return (
              <Table.Tr key={location.id} data-testid="location-row">
                <Table.Td>
                  <Stack gap={2}>
                    {readOnly ? (
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                    ) : (
                      <Anchor renderRoot={(props) => <Link {...props} to="/locations/edit/$id" params={{ id }} />} size="sm" fw={600} c="inherit">
                        {name}
                      </Anchor>
                    )}
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {[location.address.street, location.address.number].filter(Boolean).join(', ') || t('locations.noAddress')}
                    </Text>
                    <Text hiddenFrom="sm" size="xs" c="dimmed">
                      {cityState(location.address)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{cityState(location.address)}</Text>
                </Table.Td>
                <Table.Td>
                  <DeliveryTypeBadge type={location.delivery_type} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge variant="dot" color={location.active ? 'green' : 'gray'} data-testid="location-active">
                    {location.active ? t('locations.active') : t('locations.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    {!readOnly && (
                      <Action label={t('locations.actions.edit')}>
                        <ActionIcon variant="subtle" color="gray" renderRoot={(props) => <Link {...props} to="/locations/edit/$id" params={{ id }} />} aria-label={`${t('locations.actions.edit')}: ${name}`}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Action>
                    )}
                    <Action label={t('locations.actions.users')}>
                      <ActionIcon variant="subtle" color="gray" renderRoot={(props) => <Link {...props} to="/locations/users/$id" params={{ id }} />} aria-label={`${t('locations.actions.users')}: ${name}`}>
                        <IconUsers size={18} />
                      </ActionIcon>
                    </Action>
                    <Action label={t('locations.actions.regions')}>
                      <ActionIcon variant="subtle" color="gray" renderRoot={(props) => <Link {...props} to="/logistic/$id/regions" params={{ id }} />} aria-label={`${t('locations.actions.regions')}: ${name}`}>
                        <IconMap2 size={18} />
                      </ActionIcon>
                    </Action>
                    <Action label={t('locations.actions.slots')}>
                      <ActionIcon variant="subtle" color="gray" renderRoot={(props) => <Link {...props} to="/logistic/slots/$mode/$locationId/" params={{ mode: slotsMode(location.delivery_type), locationId: id }} />} aria-label={`${t('locations.actions.slots')}: ${name}`}>
                        <IconCalendarTime size={18} />
                      </ActionIcon>
                    </Action>
                    {!readOnly && (
                      <Action label={t('locations.actions.delete')}>
                        <ActionIcon variant="subtle" color="red" onClick={() => onDelete(location)} aria-label={`${t('locations.actions.delete')}: ${name}`}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Action>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
