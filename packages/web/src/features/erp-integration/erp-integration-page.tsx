import { Alert, Card, Stack, Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../i18n';
import { erpCallbackQuery, useAccountId, useIsAdmin } from './api';
import { BatchesPanel } from './batches-panel';
import { CallbackSettings } from './callback-settings';
import { DeliveriesLog } from './deliveries-log';
import { ERP_TABS, type ErpSearch, type ErpTab } from './erp-search';

function CallbackPanel({ search, onSearchChange }: { search: ErpSearch; onSearchChange: (update: (prev: ErpSearch) => ErpSearch) => void }) {
  const config = useQuery(erpCallbackQuery(useAccountId()));
  return (
    <Stack gap="lg">
      {config.isError ? (
        <Card withBorder radius="md" padding={0}>
          <LoadError m="md" title={t('erpIntegration.callback.loadError')} error={config.error} retrying={config.isFetching} onRetry={() => void config.refetch()} />
        </Card>
      ) : (
        <CallbackSettings config={config.data} />
      )}
      <DeliveriesLog page={search.log} onPage={(log) => onSearchChange((prev) => ({ ...prev, log }))} />
    </Stack>
  );
}

/**
 * The ERP integration under Config (issue 24): the batches the ERP sent (with their refused rows),
 * the order status callbacks (URL, secret, test, delivery log) and the integration keys, which the
 * route passes in (`keys`) from their own feature.
 */
export function ErpIntegrationPage({ search, onSearchChange, keys }: { search: ErpSearch; onSearchChange: (update: (prev: ErpSearch) => ErpSearch) => void; keys: ReactNode }) {
  const isAdmin = useIsAdmin();
  return (
    <Stack gap="lg">
      <PageHeader title={t('erpIntegration.title')} description={t('erpIntegration.subtitle')} />
      {isAdmin === false ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="erp-admins-only">
          {t('erpIntegration.adminsOnly')}
        </Alert>
      ) : (
        <Tabs value={search.tab} onChange={(v) => v && onSearchChange((prev) => ({ ...prev, tab: v as ErpTab, batch: undefined }))} keepMounted={false}>
          <Tabs.List mb="md">
            {ERP_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`erpIntegration.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="batches">
            <Card withBorder padding={0} radius="md">
              {isAdmin && <BatchesPanel search={search} onSearchChange={onSearchChange} />}
            </Card>
          </Tabs.Panel>
          <Tabs.Panel value="callback">{isAdmin && <CallbackPanel search={search} onSearchChange={onSearchChange} />}</Tabs.Panel>
          <Tabs.Panel value="keys">{keys}</Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
