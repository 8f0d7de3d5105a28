import { createFileRoute } from '@tanstack/react-router';
import { paymentConfigsQuery, paymentMethodsQuery } from '../../../features/payment-methods/api';
import { AccountMethodsPage } from '../../../features/payment-methods/account-methods-page';

/** Spec §2 /financial/payment-methods: the account's payment methods and its stores. */
export const Route = createFileRoute('/_private/financial/payment-methods')({
  // Not awaited: the page shows its loading state.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(paymentMethodsQuery(context.session.account.id));
    void context.queryClient.prefetchQuery(paymentConfigsQuery(context.session.account.id));
  },
  component: AccountMethodsPage,
});
