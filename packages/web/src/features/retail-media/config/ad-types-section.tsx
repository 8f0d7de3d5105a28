import { Button, Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { RM_AD_TYPES, type RmAdType } from '@backoffice/contracts';
import { LoadError } from '../../../shared/components/load-error';
import { PageLoader } from '../../../shared/components/page-loader';
import { adTypesQuery, useAccountId, useSaveAdTypes, type AdTypesConfig } from './api';
import { SectionCard } from './section-card';
import { t } from '../../../i18n';

/** The checked types in the spec's order (product, banner, sponsored_brand, digital_signage). */
export const checkedAdTypes = (checked: string[]): RmAdType[] => RM_AD_TYPES.filter((type) => checked.includes(type));

/** Spec §5 ad types: checkboxes; saving sends `{ad_types:[checked]}`. */
export function AdTypesForm({ config }: { config: AdTypesConfig }) {
  const save = useSaveAdTypes();
  const [checked, setChecked] = useState<string[]>(config.ad_types);
  const [error, setError] = useState<string | null>(null);
  const available = config.available.length ? config.available : RM_AD_TYPES;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const adTypes = checkedAdTypes(checked);
    if (adTypes.length === 0) {
      setError(t('rmConfig.adTypes.required'));
      return;
    }
    save.mutate({ ad_types: adTypes });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Checkbox.Group
          label={t('rmConfig.adTypes.label')}
          value={checked}
          error={error}
          onChange={(v) => {
            setChecked(v);
            setError(null);
          }}
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="xs">
            {available.map((type) => (
              <Checkbox key={type} value={type} label={t(`rmConfig.adTypes.types.${type}`)} disabled={!config.can_edit} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {config.can_edit && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('rmConfig.adTypes.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

export function AdTypesSection() {
  const config = useQuery(adTypesQuery(useAccountId()));
  let body;
  if (config.isError) body = <LoadError inline error={config.error} retrying={config.isFetching} onRetry={() => void config.refetch()} format={(message) => t('rmConfig.loadError', { message })} />;
  else if (!config.data) body = <PageLoader compact />;
  else body = <AdTypesForm key={config.dataUpdatedAt} config={config.data} />;
  return (
    <SectionCard title={t('rmConfig.adTypes.title')} description={t('rmConfig.adTypes.description')} testId="config-ad-types">
      {body}
    </SectionCard>
  );
}
