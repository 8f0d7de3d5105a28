import { Button, Drawer, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { EmptyState } from '../../../shared/components/empty-state';
import { ListCard } from '../../../shared/components/list-card';
import { useClampPage } from '../../../shared/components/list-footer';
import { LoadError } from '../../../shared/components/load-error';
import { PageHeader } from '../../../shared/components/page-header';
import { PageLoader } from '../../../shared/components/page-loader';
import { SearchInput } from '../../../shared/components/search-input';
import { formatInt } from '../../../shared/ui/format';
import { advertisersQuery, isWriter, useAccountId, useCreateAdvertiser, useDeleteAdvertiser, useMemberRole, useUpdateAdvertiserLink, type Advertiser } from './api';
import { AdvertisersTable } from './advertisers-table';
import { LinkForm } from './link-form';
import { advertiserToLinkValues, emptyLinkValues, valuesToCreateBody, valuesToLinkBody } from './link-form-values';
import { applyPartnersName, type PartnersSearch } from './partners-search';
import { t, tn } from '../../../i18n';

/** The link of one advertiser in a drawer: editable, or read-only when the API says `can_edit` is false. */
function EditLink({ advertiser, onClose }: { advertiser: Advertiser; onClose: () => void }) {
  const update = useUpdateAdvertiserLink(advertiser.id);
  const remove = useDeleteAdvertiser();
  const confirm = useConfirmModal();
  return (
    <>
      <LinkForm
        initialValues={advertiserToLinkValues(advertiser)}
        readOnly={!advertiser.can_edit}
        canEditSellerId={advertiser.can_edit_seller_id}
        submitLabel={t('common.save')}
        onCancel={onClose}
        onRemove={() =>
          confirm.open({
            title: t('rmConfig.link.removeTitle'),
            message: t('rmConfig.link.removeMessage', { name: advertiser.name }),
            confirmLabel: t('rmConfig.link.remove'),
            confirmColor: 'red',
            onConfirm: async () => {
              await remove.mutateAsync(advertiser.id);
              onClose();
            },
          })
        }
        onSubmit={async (values) => {
          await update.mutateAsync(valuesToLinkBody(values));
          onClose();
        }}
      />
      {confirm.modal}
    </>
  );
}

function CreateLink({ onClose, canEditSellerId }: { onClose: () => void; canEditSellerId: boolean }) {
  const create = useCreateAdvertiser();
  return (
    <LinkForm
      create
      initialValues={emptyLinkValues()}
      canEditSellerId={canEditSellerId}
      submitLabel={t('rmConfig.advertisers.link')}
      onCancel={onClose}
      onSubmit={async (values) => {
        await create.mutateAsync(valuesToCreateBody(values));
        onClose();
      }}
    />
  );
}

interface Props {
  search: PartnersSearch;
  onSearchChange: (update: (prev: PartnersSearch) => PartnersSearch) => void;
}

/** Spec §2 advertisers configuration (publisher): linked advertisers, linking by CNPJ, and each link's settings. */
export function AdvertisersPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const role = useMemberRole();
  const list = useQuery(advertisersQuery(accountId, search));
  const phone = useMediaQuery('(max-width: 48em)');
  const [editing, setEditing] = useState<Advertiser | null>(null);
  const [linking, setLinking] = useState(false);
  const meta = list.data?.meta;
  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(meta, list.isPlaceholderData, search.page, setPage);

  let body;
  if (list.isError)
    body = <LoadError m="md" inline testId="advertisers-error" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!list.data) body = <PageLoader compact label={t('rmConfig.advertisers.loading')} />;
  else if (list.data.data.length === 0) body = <EmptyState icon={<IconBuildingStore size={26} />} title={t('rmConfig.advertisers.empty')} hint={t('rmConfig.advertisers.emptyHint')} />;
  else body = <AdvertisersTable advertisers={list.data.data} onEdit={setEditing} />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('rmConfig.advertisers.title')}
        description={t('rmConfig.advertisers.subtitle')}
        actions={
          isWriter(role) && (
            <Button leftSection={<IconLink size={18} />} onClick={() => setLinking(true)}>
              {t('rmConfig.advertisers.linkAction')}
            </Button>
          )
        }
      />
      <Group align="flex-end">
        <SearchInput label={t('rmConfig.search')} placeholder={t('rmConfig.advertisers.searchPlaceholder')} type="search" value={search.name} onChange={(name) => onSearchChange(() => applyPartnersName(name))} />
      </Group>
      <ListCard failed={list.isError} meta={meta} totalLabel={(total) => tn('rmConfig.advertisers.total', total, { total: formatInt(total) })} page={search.page} fetching={list.isFetching} onPage={setPage}>
        {body}
      </ListCard>
      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size={phone ? '100%' : 'lg'}
        title={
          <Stack gap={0}>
            <Text fw={600}>{editing?.can_edit ? t('rmConfig.link.editTitle') : t('rmConfig.link.viewTitle')}</Text>
            <Text size="sm" c="dimmed">
              {editing?.name}
            </Text>
          </Stack>
        }
      >
        {editing && <EditLink key={editing.id} advertiser={editing} onClose={() => setEditing(null)} />}
      </Drawer>
      <Modal opened={linking} onClose={() => setLinking(false)} size="lg" fullScreen={phone} title={<Text fw={600}>{t('rmConfig.advertisers.linkTitle')}</Text>}>
        {linking && <CreateLink onClose={() => setLinking(false)} canEditSellerId={role === 'admin'} />}
      </Modal>
    </Stack>
  );
}
