import { createFileRoute } from '@tanstack/react-router';
import { CustomerCreatePage } from '../../../features/customers/customer-pages';

export const Route = createFileRoute('/_private/customers/create')({
  component: CustomerCreatePage,
});
