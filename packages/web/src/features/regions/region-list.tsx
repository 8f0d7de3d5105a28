import { ActionIcon, Badge, Box, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarTime, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../shared/ui/format';
import type { DeliveryMode, Region } from './api';
import { t } from '../../i18n';

interface Props {
  regions: Region[];
  colorOf: (region: Region) => string;
  /** Present when the person may change regions. */
  onEdit?: (region: Region) => void;
  onDelete?: (region: Region) => void;
  /** With a mode, each region links to its slots of that mode. */
  mode?: DeliveryMode;
}

/** The regions of a store, as cards: name, fee, minimum, ETA, active; edit, delete and slots. */
export function RegionList({ regions, colorOf, onEdit, onDelete, mode }: Props) {
  return (
    <Stack gap="xs" data-testid="region-list">
      {regions.map((r) => (
        <Card
          key={r.id}
          withBorder
          radius="md"
          padding="sm"
          data-testid="region-row"
          data-region-id={r.id}
          style={{ borderLeft: `5px solid ${colorOf(r)}` }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Box miw={0}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Text fw={600} lineClamp={2} data-testid="region-name">
                  {r.name}
                </Text>
                <Badge size="xs" variant="light" color={r.active ? 'green' : 'gray'} mt={3} style={{ flex: 'none' }}>
                  {r.active ? t('regions.active') : t('regions.inactive')}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {t('regions.summary', { fee: formatMoney(r.delivery_fee), minimum: formatMoney(r.min_order_value), eta: r.estimated_delivery_minutes })}
              </Text>
            </Box>
            <Group gap={2} wrap="nowrap">
              {onEdit && (
                <Tooltip label={t('regions.edit')}>
                  <ActionIcon variant="subtle" aria-label={`${t('regions.edit')}: ${r.name}`} onClick={() => onEdit(r)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {onDelete && (
                <Tooltip label={t('regions.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={`${t('regions.delete')}: ${r.name}`} onClick={() => onDelete(r)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
          {mode && (
            <Button
              renderRoot={(props) => (
                <Link {...props} to="/logistic/slots/$mode/$locationId/$regionId" params={{ mode, locationId: String(r.location_id), regionId: String(r.id) }} />
              )}
              size="compact-xs"
              variant="light"
              mt="xs"
              leftSection={<IconCalendarTime size={14} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t(`regions.slots.${mode}`)}
            </Button>
          )}
        </Card>
      ))}
    </Stack>
  );
}
