import { Stack } from '@mantine/core';
import { PageHeader } from '../../../shared/components/page-header';
import { AdApiSection } from './ad-api-section';
import { AdSizesSection } from './ad-sizes-section';
import { ApiKeysSection } from './api-keys-section';
import { AdTypesSection } from './ad-types-section';
import { GoalsSection } from './goals-section';
import { TermsSection } from './terms-section';
import { t } from '../../../i18n';

/** Spec §2 `/retail-media/config` (publisher): terms of service, ad types, goals, banner sizes, the ad API's access and API keys. */
export function RetailConfigPage() {
  return (
    <Stack gap="lg">
      <PageHeader title={t('rmConfig.title')} description={t('rmConfig.subtitle')} />
      <TermsSection />
      <AdTypesSection />
      <GoalsSection />
      <AdSizesSection />
      <AdApiSection />
      <ApiKeysSection />
    </Stack>
  );
}
