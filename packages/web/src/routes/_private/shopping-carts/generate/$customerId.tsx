import { createFileRoute } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { GenerateCartPage } from '../../../../features/shopping-carts/generate-page';
import { NotFound } from '../../../../shared/components/not-found';

/** Spec §2 /shopping-carts/generate/{customerId}: a list becomes a cart for this customer. */
export const Route = createFileRoute('/_private/shopping-carts/generate/$customerId')({
  component: function GenerateCart() {
    const parsed = IdParam.safeParse({ id: Route.useParams().customerId });
    return parsed.success ? <GenerateCartPage customerId={parsed.data.id} /> : <NotFound />;
  },
});
