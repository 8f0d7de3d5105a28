import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../shared/components/page-header';
import { useCreateLocation } from './api';
import { emptyLocationValues } from './location-form-values';
import { LocationForm } from './location-form';
import { BackToLocations } from './location-load-states';
import { t } from '../../i18n';

/** Nova loja: the empty form; saved, back to the list with the message. */
export function LocationCreatePage() {
  const navigate = useNavigate();
  const create = useCreateLocation();
  const toList = () => void navigate({ to: '/locations/list' });
  return (
    <Stack gap="lg">
      <PageHeader title={t('locations.new.title')} description={t('locations.new.subtitle')} back={<BackToLocations />} />
      <LocationForm initialValues={emptyLocationValues()} submitLabel={t('locations.form.submitCreate')} pending={create.isPending} onSubmit={(body) => create.mutateAsync(body).then(toList)} onCancel={toList} />
    </Stack>
  );
}
