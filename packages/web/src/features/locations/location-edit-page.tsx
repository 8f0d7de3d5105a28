import { Badge, Button, Group, Stack } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../shared/components/page-header';
import { locationQuery, useAccountId, useUpdateLocation } from './api';
import { locationToValues } from './location-form-values';
import { LocationForm } from './location-form';
import { BackToLocations, LocationErrorBanner, LocationLoading } from './location-load-states';
import { t } from '../../i18n';

/** Editar loja: the form filled from the store; saved, back to the list with the message. */
export function LocationEditPage({ locationId }: { locationId: number }) {
  const navigate = useNavigate();
  const location = useQuery(locationQuery(useAccountId(), locationId));
  const update = useUpdateLocation(locationId);
  const toList = () => void navigate({ to: '/locations/list' });

  let body;
  if (location.isError) body = <LocationErrorBanner error={location.error} retrying={location.isFetching} onRetry={() => void location.refetch()} />;
  else if (!location.data) body = <LocationLoading />;
  else
    body = (
      <LocationForm
        key={location.data.updated_at}
        initialValues={locationToValues(location.data)}
        submitLabel={t('locations.form.submitEdit')}
        pending={update.isPending}
        onSubmit={(b) => update.mutateAsync(b).then(toList)}
        onCancel={toList}
      />
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('locations.edit.title')}
        description={location.data?.name}
        back={<BackToLocations />}
        actions={
          location.data && (
            <Group gap="sm">
              <Badge variant="dot" color={location.data.active ? 'green' : 'gray'}>
                {location.data.active ? t('locations.active') : t('locations.inactive')}
              </Badge>
              <Button variant="default" size="xs" leftSection={<IconCreditCard size={16} />} renderRoot={(props) => <Link {...props} to="/locations/payment-methods/$id" params={{ id: String(locationId) }} />}>
                {t('locations.actions.paymentMethods')}
              </Button>
            </Group>
          )
        }
      />
      {body}
    </Stack>
  );
}
