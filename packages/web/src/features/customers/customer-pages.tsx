import { Alert, Button, Grid, Stack } from '@mantine/core';
import { IconEyeOff, IconShoppingCartPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { BackLink } from '../../shared/components/back-link';
import { PageHeader } from '../../shared/components/page-header';
import { accountInfoQuery } from '../../shared/account/queries';
import { customerQuery, useAccountId, useCreateCustomer, useUpdateCustomer } from './api';
import { customerToValues, emptyCustomerValues } from './customer-form-values';
import { CustomerForm } from './customer-form';
import { CustomerAddressesMap } from './customer-addresses-map';
import { CustomerPrivacyCard } from './customer-privacy-card';
import { formatDateTime } from './customer-format';
import { t } from '../../i18n';

const BackToCustomers = () => <BackLink to="/customers/list" label={t('customers.back')} />;

/** The signed-in member's role in the current account (undefined while the account info loads). */
function useRole() {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  return data?.[0]?.role;
}

/**
 * What the member may do with customers: admins and managers set the seller id and see the LGPD
 * card (export, audit trail); only admins anonymise, as the API allows.
 */
function useCustomerPermissions() {
  const role = useRole();
  const officer = role === 'admin' || role === 'manager';
  return { sellerIdEditable: officer, privacy: officer, anonymize: role === 'admin' };
}

/** "Novo cliente": on success the customer's edit page (its map and LGPD card), with "Cliente criado com sucesso". */
export function CustomerCreatePage() {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const can = useCustomerPermissions();
  return (
    <Stack gap="lg">
      <PageHeader title={t('customers.new.title')} description={t('customers.new.subtitle')} back={<BackToCustomers />} />
      <CustomerForm
        initialValues={emptyCustomerValues()}
        submitLabel={t('customers.form.submitCreate')}
        pending={create.isPending}
        sellerIdEditable={can.sellerIdEditable}
        onSubmit={(body) => create.mutateAsync(body).then(({ customer }) => navigate({ to: '/customers/edit/$id', params: { id: String(customer.id) } }))}
        onCancel={() => void navigate({ to: '/customers/list' })}
      />
    </Stack>
  );
}

/** "Editar cliente" (loaded by the route): the form, where the saved addresses are served, and privacy. */
export function CustomerEditPage({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const { data: customer } = useSuspenseQuery(customerQuery(useAccountId(), customerId));
  const update = useUpdateCustomer(customerId);
  const can = useCustomerPermissions();
  const anonymized = customer.anonymized_at !== null;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('customers.edit.title')}
        description={customer.name}
        back={<BackToCustomers />}
        actions={
          !anonymized && (
            <Button
              variant="light"
              leftSection={<IconShoppingCartPlus size={18} />}
              renderRoot={(props) => <Link {...props} to="/shopping-carts/generate/$customerId" params={{ customerId: String(customer.id) }} />}
            >
              {t('customers.edit.buildCart')}
            </Button>
          )
        }
      />
      {anonymized && (
        <Alert color="gray" variant="light" icon={<IconEyeOff size={18} />} title={t('customers.edit.readOnlyTitle')}>
          {t('customers.edit.readOnly', { when: formatDateTime(customer.anonymized_at!) })}
        </Alert>
      )}
      <CustomerForm
        // A save (or the anonymisation) answers the customer as stored: the form starts again from it.
        key={customer.updated_at}
        initialValues={customerToValues(customer)}
        customerId={customer.id}
        submitLabel={t('customers.form.submitEdit')}
        pending={update.isPending}
        sellerIdEditable={can.sellerIdEditable && !anonymized}
        readOnly={anonymized}
        onSubmit={(body) => update.mutateAsync(body)}
        onCancel={() => void navigate({ to: '/customers/list' })}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: can.privacy ? 7 : 12 }}>
          <CustomerAddressesMap addresses={customer.addresses} />
        </Grid.Col>
        {can.privacy && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <CustomerPrivacyCard customer={customer} canAnonymize={can.anonymize} />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
