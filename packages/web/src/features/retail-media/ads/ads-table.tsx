import { ActionIcon, Group, Menu, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconDotsVertical, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { Ad } from './api';
import { AdPreview } from './ad-preview';
import { AdStatusBadge, DASH, formatAmount, formatCount, formatPercent, formatRoas } from './ad-labels';
import { t } from '../../../i18n';

export interface AdRowPermissions {
  canEdit: boolean;
  canToggle: boolean;
  canReview: boolean;
}

interface Props extends AdRowPermissions {
  ads: Ad[];
  onToggle: (ad: Ad, active: boolean) => void;
  togglingId?: number;
  onEdit: (ad: Ad) => void;
  onRemove: (ad: Ad) => void;
  onApprove: (ad: Ad) => void;
  onReject: (ad: Ad) => void;
}

const sizeOf = (ad: Ad) => {
  const size = ad.settings.ad_size;
  if (size) return t('rmAds.sizeLabel', { name: size.name, width: size.width, height: size.height });
  if (ad.ad_type === 'sponsored_brand' && ad.settings.assets.length) return ad.settings.assets.map((a) => a.dimension).join(', ');
  if (ad.ad_type === 'digital_signage' && ad.settings.duration !== null) return t('rmAds.durationLabel', { seconds: ad.settings.duration });
  return DASH;
};

/** The metric cells; a dash for ads without metrics (pending_review, rejected). */
function MetricCells({ ad }: { ad: Ad }) {
  const m = ad.metrics ?? undefined;
  const cells = [formatCount(m?.impressions), formatCount(m?.clicks), formatPercent(m?.ctr), formatCount(m?.conversions), formatAmount(m?.income), formatRoas(m?.roas)];
  return (
    <>
      {cells.map((value, i) => (
        <Table.Td key={i} ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="ad-metric">
          {value}
        </Table.Td>
      ))}
    </>
  );
}

/** A campaign's ads: preview, size, review status, active switch, metrics and the row's actions. */
export function AdsTable({ ads, canEdit, canToggle, canReview, onToggle, togglingId, onEdit, onRemove, onApprove, onReject }: Props) {
  return (
    <Table.ScrollContainer minWidth={1120} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rmAds.columns.ad')}</Table.Th>
            <Table.Th>{t('rmAds.columns.size')}</Table.Th>
            <Table.Th>{t('rmAds.columns.status')}</Table.Th>
            <Table.Th>{t('rmAds.columns.active')}</Table.Th>
            <Table.Th ta="right">{t('rmAds.columns.impressions')}</Table.Th>
            <Table.Th ta="right">{t('rmAds.columns.clicks')}</Table.Th>
            <Table.Th ta="right">{t('rmAds.columns.ctr')}</Table.Th>
            <Table.Th ta="right">{t('rmAds.columns.conversions')}</Table.Th>
            <Table.Th ta="right">{t('rmAds.columns.income')}</Table.Th>
            <Table.Th ta="right">{t('rmAds.columns.roas')}</Table.Th>
            <Table.Th ta="right">{t('rmAds.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ads.map((ad) => {
            const label = t('rmAds.adN', { id: ad.id });
            return (
              <Table.Tr key={ad.id} data-testid="ad-row">
                <Table.Td maw={320}>
                  <AdPreview ad={ad} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {sizeOf(ad)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AdStatusBadge status={ad.ad_status} note={ad.settings.note} />
                </Table.Td>
                <Table.Td>
                  <Switch
                    checked={ad.active}
                    disabled={!canToggle || togglingId === ad.id}
                    onChange={(e) => onToggle(ad, e.currentTarget.checked)}
                    aria-label={t('rmAds.toggle', { name: label })}
                  />
                </Table.Td>
                <MetricCells ad={ad} />
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {canReview && ad.ad_status !== 'approved' && (
                      <Tooltip label={t('rmAds.review.approve')}>
                        <ActionIcon variant="subtle" color="green" onClick={() => onApprove(ad)} aria-label={`${t('rmAds.review.approve')}: ${label}`}>
                          <IconCheck size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {canReview && ad.ad_status !== 'rejected' && (
                      <Tooltip label={t('rmAds.review.reject')}>
                        <ActionIcon variant="subtle" color="red" onClick={() => onReject(ad)} aria-label={`${t('rmAds.review.reject')}: ${label}`}>
                          <IconX size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {canEdit && (
                      <Menu position="bottom-end" withinPortal shadow="md" width={180}>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`${t('common.actions')}: ${label}`}>
                            <IconDotsVertical size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(ad)}>
                            {t('common.edit')}
                          </Menu.Item>
                          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onRemove(ad)}>
                            {t('common.remove')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
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
